import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { CustomerMode } from './customer.entity';

/**
 * Whether a customer row is a live customer or a test world. A row's mode never changes, so each
 * answer is kept for the life of the process (a bounded map: the oldest answers go first).
 */
@Injectable()
export class CustomerModes {
  private static readonly KEPT = 50_000;
  private readonly known = new Map<string, CustomerMode>();

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The customer's mode; an unknown customer has nothing to act on, and live is the answer that grants nothing of a test world. */
  async modeOf(customerId: string): Promise<CustomerMode> {
    return (await this.find(customerId)) ?? 'live';
  }

  /** The customer's mode, or undefined when there is no such customer. */
  async find(customerId: string): Promise<CustomerMode | undefined> {
    const cached = this.known.get(customerId);
    if (cached) return cached;
    const rows: { mode: CustomerMode }[] = await this.dataSource.query('SELECT mode FROM customers WHERE id = $1', [
      customerId,
    ]);
    const mode = rows[0]?.mode;
    if (mode) {
      if (this.known.size >= CustomerModes.KEPT) this.known.delete(this.known.keys().next().value!);
      this.known.set(customerId, mode);
    }
    return mode;
  }
}
