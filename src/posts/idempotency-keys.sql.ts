/** The statements on idempotency_keys (see idempotency.ts for the rules), run by PostsStore. */

/** Claims key `$2` of customer `$1` for request hash `$3`: a new key, or one older than 24 hours; RETURNING a row when claimed. */
export const CLAIM_IDEMPOTENCY_KEY = `INSERT INTO idempotency_keys (customer_id, key, request_hash) VALUES ($1, $2, $3)
       ON CONFLICT (customer_id, key) DO UPDATE
         SET request_hash = EXCLUDED.request_hash, response_status = NULL, response_body = NULL, created_at = now()
         WHERE idempotency_keys.created_at < now() - interval '24 hours'
       RETURNING key`;

/** The key's request hash and stored response (status NULL while its first request runs). */
export const IDEMPOTENCY_KEY =
  'SELECT request_hash, response_status, response_body FROM idempotency_keys WHERE customer_id = $1 AND key = $2';

/** Stores the response (`$3` status, `$4` JSON body) of the request that claimed the key. */
export const STORE_IDEMPOTENT_RESPONSE =
  'UPDATE idempotency_keys SET response_status = $3, response_body = $4 WHERE customer_id = $1 AND key = $2';

/** Idempotency keys are honoured for 24 hours; older ones are deleted. */
export const PURGE_IDEMPOTENCY_KEYS = "DELETE FROM idempotency_keys WHERE created_at < now() - interval '24 hours'";

/** A stored key, as IDEMPOTENCY_KEY reads it. */
export interface IdempotencyKeyRow {
  request_hash: string;
  response_status: number | null;
  response_body: unknown;
}
