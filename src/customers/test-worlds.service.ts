import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ApiException } from '../common/errors/api-exception';
import { newId } from '../common/ids';
import { Customer } from './customer.entity';

/**
 * A customer's test world: a customers row of its own (mode `test`) linked to its live customer,
 * made the first time it is needed (a test key is created). Keeping it a separate customer means
 * every rule that keeps one customer's data from another also keeps test data from live data.
 */
@Injectable()
export class TestWorldsService {
  constructor(@InjectRepository(Customer) private readonly customers: Repository<Customer>) {}

  /** The live customer's test world, made now if it has none yet. Safe to call concurrently. */
  async testWorldOf(liveCustomerId: string): Promise<Customer> {
    // One statement: two callers at once both end with the same row (UNIQUE live_customer_id).
    await this.customers.query(
      `INSERT INTO customers (id, name, mode, live_customer_id)
       SELECT $1, name, 'test', id FROM customers WHERE id = $2 AND mode = 'live'
       ON CONFLICT (live_customer_id) DO NOTHING`,
      [newId('customer'), liveCustomerId],
    );
    const world = await this.customers.findOneBy({ liveCustomerId, mode: 'test' });
    if (!world) throw ApiException.notFound('Customer');
    return world;
  }

  /** The live customer and, when it has one, its test world: live first. */
  async worldsOf(liveCustomerId: string): Promise<Customer[]> {
    const rows = await this.customers.find({
      where: [
        { id: liveCustomerId, mode: 'live' },
        { liveCustomerId, mode: 'test' },
      ],
    });
    return rows.sort((a, b) => (a.mode === b.mode ? 0 : a.mode === 'live' ? -1 : 1));
  }
}
