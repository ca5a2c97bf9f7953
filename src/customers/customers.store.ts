import { Injectable } from '@nestjs/common';
import { Database } from '../database';
import type { Transaction } from '../database';
import { Customer, CustomerMode } from './customer.entity';
import { RedirectUrl } from './redirect-url.entity';

/** The only way to the customers and redirect_urls tables. */
@Injectable()
export class CustomersStore {
  constructor(private readonly database: Database) {}

  /** Saves a new customer (a unique violation on its name is the caller's to answer). */
  async insert(customer: Pick<Customer, 'id' | 'name'>): Promise<Customer> {
    const customers = this.database.repository(Customer);
    return customers.save(customers.create(customer));
  }

  /** Live customers, oldest first. */
  listLive(): Promise<Customer[]> {
    return this.database.repository(Customer).find({ where: { mode: 'live' }, order: { createdAt: 'ASC' } });
  }

  async findLiveByName(name: string): Promise<Customer | undefined> {
    return (await this.database.repository(Customer).findOneBy({ name, mode: 'live' })) ?? undefined;
  }

  /** The customer row's mode, or undefined when there is no such row. */
  async modeOf(customerId: string): Promise<CustomerMode | undefined> {
    const rows = await this.database.rows<{ mode: CustomerMode }>('SELECT mode FROM customers WHERE id = $1', [
      customerId,
    ]);
    return rows[0]?.mode;
  }

  /**
   * Takes the customer row's lock until `transaction` ends, so that work counted per customer (its
   * active API keys, its media quota) goes one at a time.
   */
  async lockForUpdate(customerId: string, transaction: Transaction): Promise<void> {
    await this.database.rows('SELECT 1 FROM customers WHERE id = $1 FOR UPDATE', [customerId], transaction);
  }

  /**
   * Makes the live customer's test world as `id`, unless it has one already (or is no live
   * customer). One statement: two callers at once both end with the same row (UNIQUE live_customer_id).
   */
  async insertTestWorld(id: string, liveCustomerId: string): Promise<void> {
    await this.database.execute(
      `INSERT INTO customers (id, name, mode, live_customer_id)
       SELECT $1, name, 'test', id FROM customers WHERE id = $2 AND mode = 'live'
       ON CONFLICT (live_customer_id) DO NOTHING`,
      [id, liveCustomerId],
    );
  }

  async findTestWorld(liveCustomerId: string): Promise<Customer | undefined> {
    return (await this.database.repository(Customer).findOneBy({ liveCustomerId, mode: 'test' })) ?? undefined;
  }

  /** The live customer and its test world, whichever exist, in no particular order. */
  worldsOf(liveCustomerId: string): Promise<Customer[]> {
    return this.database.repository(Customer).find({
      where: [
        { id: liveCustomerId, mode: 'live' },
        { liveCustomerId, mode: 'test' },
      ],
    });
  }

  async findRedirectUrl(customerId: string, url: string): Promise<RedirectUrl | undefined> {
    return (await this.database.repository(RedirectUrl).findOneBy({ customerId, url })) ?? undefined;
  }

  /** The customer's redirect URL, which must exist (TypeORM's EntityNotFoundError otherwise). */
  getRedirectUrl(customerId: string, url: string): Promise<RedirectUrl> {
    return this.database.repository(RedirectUrl).findOneByOrFail({ customerId, url });
  }

  /** Saves a new redirect URL (a unique violation is the caller's to answer). */
  async insertRedirectUrl(redirectUrl: Pick<RedirectUrl, 'id' | 'customerId' | 'url'>): Promise<RedirectUrl> {
    const urls = this.database.repository(RedirectUrl);
    return urls.save(urls.create(redirectUrl));
  }

  /** The redirect URLs a customer row may use: its own, or, for a test world, its live customer's. */
  async allowedRedirectUrls(customerId: string): Promise<string[]> {
    const rows = await this.database.rows<{ url: string }>(
      'SELECT r.url FROM redirect_urls r JOIN customers c ON r.customer_id = coalesce(c.live_customer_id, c.id) WHERE c.id = $1',
      [customerId],
    );
    return rows.map((row) => row.url);
  }

  listRedirectUrls(customerId: string): Promise<RedirectUrl[]> {
    return this.database.repository(RedirectUrl).find({ where: { customerId }, order: { createdAt: 'ASC' } });
  }

  /** Deletes the customer's redirect URL; false when it had no such URL. */
  async deleteRedirectUrl(customerId: string, url: string): Promise<boolean> {
    const result = await this.database.repository(RedirectUrl).delete({ customerId, url });
    return Boolean(result.affected);
  }
}
