import { Injectable } from '@nestjs/common';
import { ApiException } from '../common/errors/api-exception';
import { newId } from '../common/ids';
import { Customer } from './customer.entity';
import { CustomersStore } from './customers.store';

/**
 * A customer's test world: a customers row of its own (mode `test`) linked to its live customer,
 * made the first time it is needed (a test key is created). Keeping it a separate customer means
 * every rule that keeps one customer's data from another also keeps test data from live data.
 */
@Injectable()
export class TestWorldsService {
  constructor(private readonly customers: CustomersStore) {}

  /** The live customer's test world, made now if it has none yet. Safe to call concurrently. */
  async testWorldOf(liveCustomerId: string): Promise<Customer> {
    await this.customers.insertTestWorld(newId('customer'), liveCustomerId);
    const world = await this.customers.findTestWorld(liveCustomerId);
    if (!world) throw ApiException.notFound('Customer');
    return world;
  }

  /** The live customer and, when it has one, its test world: live first. */
  async worldsOf(liveCustomerId: string): Promise<Customer[]> {
    const rows = await this.customers.worldsOf(liveCustomerId);
    return rows.sort((a, b) => (a.mode === b.mode ? 0 : a.mode === 'live' ? -1 : 1));
  }
}
