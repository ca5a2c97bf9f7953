import { Injectable } from '@nestjs/common';
import { In, IsNull } from 'typeorm';
import type { CustomerMode } from '../customers';
import { Database } from '../database';
import type { Transaction } from '../database';
import { ApiKey } from './api-key.entity';

/** An active key with the customer row it opens, as every authenticated request needs it. */
export interface KeyOwner {
  keyId: string;
  customerId: string;
  customerName: string;
  mode: CustomerMode;
  /** The customer's live row: its own id for a live customer, its live customer's for a test world. */
  liveCustomerId: string;
  lastUsedAt: Date | null;
}

interface KeyOwnerRow {
  key_id: string;
  customer_id: string;
  customer_name: string;
  mode: CustomerMode;
  live_customer_id: string;
  last_used_at: Date | null;
}

/** The only way to the api_keys table. */
@Injectable()
export class ApiKeysStore {
  constructor(private readonly database: Database) {}

  countActive(customerId: string, transaction: Transaction): Promise<number> {
    return this.database.repository(ApiKey, transaction).countBy({ customerId, revokedAt: IsNull() });
  }

  /** Saves a new key in `transaction`. */
  insert(
    key: Pick<ApiKey, 'id' | 'customerId' | 'name' | 'displayPrefix' | 'keyHash' | 'lastUsedAt' | 'revokedAt'>,
    transaction: Transaction,
  ): Promise<ApiKey> {
    const keys = this.database.repository(ApiKey, transaction);
    return keys.save(keys.create(key));
  }

  /** The customer row's keys, oldest first. */
  list(customerId: string): Promise<ApiKey[]> {
    return this.database.repository(ApiKey).find({ where: { customerId }, order: { createdAt: 'ASC' } });
  }

  /** The key when it is the customer row's (any customer's when `customerId` is undefined). */
  async find(id: string, customerId?: string): Promise<ApiKey | undefined> {
    return (await this.database.repository(ApiKey).findOneBy(customerId ? { id, customerId } : { id })) ?? undefined;
  }

  /** The key when it belongs to one of the customer rows given. */
  async findAmong(id: string, customerIds: string[]): Promise<ApiKey | undefined> {
    return (await this.database.repository(ApiKey).findOneBy({ id, customerId: In(customerIds) })) ?? undefined;
  }

  /** The key, which must exist (TypeORM's EntityNotFoundError otherwise). */
  get(id: string): Promise<ApiKey> {
    return this.database.repository(ApiKey).findOneByOrFail({ id });
  }

  /** Revokes the key now unless it was revoked already (its first revocation time stays). */
  async revoke(id: string): Promise<void> {
    await this.database.repository(ApiKey).update({ id, revokedAt: IsNull() }, { revokedAt: () => 'now()' });
  }

  /** Records that the key was used at `at`. */
  async touch(id: string, at: Date): Promise<void> {
    await this.database.repository(ApiKey).update({ id }, { lastUsedAt: at });
  }

  /**
   * The active key with this hash and its customer row, or undefined. Every request with a key not
   * cached runs it: one named prepared statement (planned once per connection) joining the customer.
   */
  async findActiveByHash(keyHash: string): Promise<KeyOwner | undefined> {
    const [row] = await this.database.hot<KeyOwnerRow>(
      `SELECT k.id AS key_id, k.customer_id, c.name AS customer_name, c.mode, coalesce(c.live_customer_id, c.id) AS live_customer_id, k.last_used_at
           FROM api_keys k JOIN customers c ON c.id = k.customer_id
          WHERE k.key_hash = $1 AND k.revoked_at IS NULL`,
      [keyHash],
    );
    if (!row) return undefined;
    return {
      keyId: row.key_id,
      customerId: row.customer_id,
      customerName: row.customer_name,
      mode: row.mode,
      liveCustomerId: row.live_customer_id,
      lastUsedAt: row.last_used_at,
    };
  }
}
