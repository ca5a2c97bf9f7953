import { createHash } from 'node:crypto';
import { ApiException } from '../common/errors/api-exception';
import type { Transaction } from '../database';
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
