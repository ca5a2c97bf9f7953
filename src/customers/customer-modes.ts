import { Injectable } from '@nestjs/common';
import type { CustomerMode } from './customer.entity';
import { CustomersStore } from './customers.store';

/**
 * Whether a customer row is a live customer or a test world. A row's mode never changes, so each
 * answer is kept for the life of the process (a bounded map: the oldest answers go first).
 */
@Injectable()
export class CustomerModes {
  private static readonly KEPT = 50_000;
  private readonly known = new Map<string, CustomerMode>();

  constructor(private readonly customers: CustomersStore) {}

  /** The customer's mode; an unknown customer has nothing to act on, and live is the answer that grants nothing of a test world. */
  async modeOf(customerId: string): Promise<CustomerMode> {
    return (await this.find(customerId)) ?? 'live';
  }

  /** The customer's mode, or undefined when there is no such customer. */
  async find(customerId: string): Promise<CustomerMode | undefined> {
    const cached = this.known.get(customerId);
    if (cached) return cached;
    const mode = await this.customers.modeOf(customerId);
    if (mode) {
      if (this.known.size >= CustomerModes.KEPT) this.known.delete(this.known.keys().next().value!);
      this.known.set(customerId, mode);
    }
    return mode;
  }
}
