import { createHash } from 'node:crypto';
import { ApiException } from '../common/errors/api-exception';
import type { Transaction } from '../database/transaction';
import {
  CLAIM_IDEMPOTENCY_KEY,
  IDEMPOTENCY_KEY,
  IdempotencyKeyRow,
  STORE_IDEMPOTENT_RESPONSE,
} from './idempotency-keys.sql';
import type { StoredIdempotencyKey } from './posts.store';

/** Canonical JSON (sorted keys), so the same body written differently hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestHash(body: unknown): string {
  return createHash('sha256').update(canonical(body)).digest('hex');
}

export type Claim = { kind: 'claimed' } | { kind: 'replay'; status: number; body: unknown };

/** The statements a claim needs (PostsStore's), in the caller's transaction. */
export interface IdempotencyKeyStatements {
  claimIdempotencyKey(customerId: string, key: string, hash: string, transaction: Transaction): Promise<boolean>;
  idempotencyKey(customerId: string, key: string, transaction: Transaction): Promise<StoredIdempotencyKey | undefined>;
}

/**
 * Idempotency keys (as Stripe's): the first request with a key claims it inside its transaction,
 * before doing anything, so a second request with the same key waits for the first to commit and
 * then answers with its stored response. Another body with the same key within 24 hours is a 409.
 */
export async function claimIdempotencyKey(
  statements: IdempotencyKeyStatements,
  customerId: string,
  key: string,
  hash: string,
  transaction: Transaction,
): Promise<Claim> {
  if (await statements.claimIdempotencyKey(customerId, key, hash, transaction)) return { kind: 'claimed' };
  const existing = await statements.idempotencyKey(customerId, key, transaction);
  if (!existing || existing.requestHash !== hash) {
    throw ApiException.conflict(
      'This Idempotency-Key was used with a different request body',
      'idempotency_key_reused',
    );
  }
  if (existing.responseStatus === null)
    throw ApiException.conflict(
      'A request with this Idempotency-Key is still being processed',
      'idempotency_key_in_use',
    );
  return { kind: 'replay', status: existing.responseStatus, body: existing.responseBody };
}

/**
 * The same claim and response for callers that hold a transaction but do not inject PostsStore
 * yet (comments): the statements of idempotency-keys.sql.ts, run in that transaction. It goes
 * once they call PostsStore (with claimIdempotencyKey above).
 */
export class IdempotencyKeys {
  static claim(transaction: Transaction, customerId: string, key: string, hash: string): Promise<Claim> {
    return claimIdempotencyKey(IdempotencyKeys.inTransaction, customerId, key, hash, transaction);
  }

  static async store(
    transaction: Transaction,
    customerId: string,
    key: string,
    status: number,
    body: unknown,
  ): Promise<void> {
    await transaction.query(STORE_IDEMPOTENT_RESPONSE, [customerId, key, status, JSON.stringify(body)]);
  }

  private static readonly inTransaction: IdempotencyKeyStatements = {
    async claimIdempotencyKey(customerId, key, hash, transaction) {
      const claimed = (await transaction.query(CLAIM_IDEMPOTENCY_KEY, [customerId, key, hash])) as unknown[];
      return claimed.length === 1;
    },
    async idempotencyKey(customerId, key, transaction) {
      const [row] = (await transaction.query(IDEMPOTENCY_KEY, [customerId, key])) as IdempotencyKeyRow[];
      return (
        row && { requestHash: row.request_hash, responseStatus: row.response_status, responseBody: row.response_body }
      );
    },
  };
}
