import { createHash } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { ApiException } from '../common/errors/api-exception';

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

/**
 * Idempotency keys (as Stripe's): the first request with a key claims it inside its transaction,
 * before doing anything, so a second request with the same key waits for the first to commit and
 * then answers with its stored response. Another body with the same key within 24 hours is a 409.
 */
export class IdempotencyKeys {
  static async claim(transaction: EntityManager, customerId: string, key: string, hash: string): Promise<Claim> {
    const claimed = (await transaction.query(
      `INSERT INTO idempotency_keys (customer_id, key, request_hash) VALUES ($1, $2, $3)
       ON CONFLICT (customer_id, key) DO UPDATE
         SET request_hash = EXCLUDED.request_hash, response_status = NULL, response_body = NULL, created_at = now()
         WHERE idempotency_keys.created_at < now() - interval '24 hours'
       RETURNING key`,
      [customerId, key, hash],
    )) as unknown[];
    if (claimed.length === 1) return { kind: 'claimed' };
    const [existing] = (await transaction.query(
      'SELECT request_hash, response_status, response_body FROM idempotency_keys WHERE customer_id = $1 AND key = $2',
      [customerId, key],
    )) as Array<{ request_hash: string; response_status: number | null; response_body: unknown }>;
    if (!existing || existing.request_hash !== hash) {
      throw ApiException.conflict(
        'This Idempotency-Key was used with a different request body',
        'idempotency_key_reused',
      );
    }
    if (existing.response_status === null)
      throw ApiException.conflict(
        'A request with this Idempotency-Key is still being processed',
        'idempotency_key_in_use',
      );
    return { kind: 'replay', status: existing.response_status, body: existing.response_body };
  }

  static async store(
    transaction: EntityManager,
    customerId: string,
    key: string,
    status: number,
    body: unknown,
  ): Promise<void> {
    await transaction.query(
      'UPDATE idempotency_keys SET response_status = $3, response_body = $4 WHERE customer_id = $1 AND key = $2',
      [customerId, key, status, JSON.stringify(body)],
    );
  }
}
