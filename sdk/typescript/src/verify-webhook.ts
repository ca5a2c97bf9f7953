import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WebhookEvent } from './webhook-events';

/** A delivery whose webhook-timestamp is further than this from your clock is refused, so a captured one cannot be replayed. */
export const DEFAULT_WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

/** Node's `req.headers`, a plain object of any case, or a Fetch `Headers`. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface VerifyWebhookOptions {
  /** Default 300 (5 minutes). */
  toleranceSeconds?: number;
  /** The current time in Unix seconds; default the clock's. */
  nowSeconds?: number;
}

export type WebhookVerificationFailure =
  'missing_header' | 'bad_timestamp' | 'timestamp_out_of_tolerance' | 'signature_mismatch' | 'bad_body';

/** Thrown by verifyWebhook: answer such a delivery with a 4xx (a 400 or 401) and do not act on it. */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';

  constructor(
    readonly reason: WebhookVerificationFailure,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Verifies a delivery and answers its event, typed. `rawBody` must be the exact bytes received,
 * before any JSON parsing. `secret` is your webhook secret; during a rotation's overlap, pass both
 * (`[newSecret, oldSecret]`): a delivery verifies when any signature matches any secret.
 *
 * It checks the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature), whose
 * signature covers the timestamp, and refuses a timestamp more than `toleranceSeconds` away. During
 * an overlap the service sends a signature per secret, so a receiver holding either one verifies
 * (X-Service-Signature is made with the new secret only, and does not cover the timestamp, so it is
 * not needed here). De-duplicate on the returned event's `id`: a retry sends the same event again.
 */
export function verifyWebhook(
  secret: string | readonly string[],
  headers: WebhookHeaders,
  rawBody: string | Uint8Array,
  options: VerifyWebhookOptions = {},
): WebhookEvent {
  const secrets = typeof secret === 'string' ? [secret] : [...secret];
  if (secrets.length === 0 || secrets.some((candidate) => !candidate))
    throw new TypeError('verifyWebhook: give your webhook secret (or the secrets of a rotation), none empty');
  const id = requiredHeader(headers, 'webhook-id');
  const timestamp = requiredHeader(headers, 'webhook-timestamp');
  const signatures = requiredHeader(headers, 'webhook-signature');

  if (!/^\d{1,15}$/.test(timestamp))
    throw new WebhookVerificationError('bad_timestamp', `webhook-timestamp is not Unix seconds: ${timestamp}`);
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  const tolerance = options.toleranceSeconds ?? DEFAULT_WEBHOOK_TOLERANCE_SECONDS;
  if (Math.abs(now - Number(timestamp)) > tolerance)
    throw new WebhookVerificationError(
      'timestamp_out_of_tolerance',
      `webhook-timestamp ${timestamp} is more than ${tolerance} s away from now (${now}): a replay, or a clock to fix`,
    );

  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : Buffer.from(rawBody);
  const given = signatures
    .split(' ')
    .filter((entry) => entry.startsWith('v1,'))
    .map((entry) => Buffer.from(entry.slice('v1,'.length), 'utf8'));
  const matches = secrets.some((candidate) => {
    const expected = Buffer.from(
      createHmac('sha256', standardWebhookKey(candidate)).update(`${id}.${timestamp}.`).update(body).digest('base64'),
      'utf8',
    );
    return given.some((signature) => signature.length === expected.length && timingSafeEqual(signature, expected));
  });
  if (!matches)
    throw new WebhookVerificationError(
      'signature_mismatch',
      'No webhook-signature matches the secret: a forged or altered delivery, a body changed before verifying (verify the raw bytes), or another secret',
    );

  return parseEvent(body, id);
}

/**
 * The HMAC key of a secret, as the service signs: the bytes after `whsec_` for a `whsec_<base64>`
 * secret (every secret the service makes), otherwise the secret's UTF-8 bytes (a secret of your own).
 */
function standardWebhookKey(secret: string): Buffer {
  const standard = /^whsec_((?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?)$/.exec(secret);
  return standard?.[1] ? Buffer.from(standard[1], 'base64') : Buffer.from(secret, 'utf8');
}

function requiredHeader(headers: WebhookHeaders, name: string): string {
  const value = readHeader(headers, name);
  if (!value) throw new WebhookVerificationError('missing_header', `The ${name} header is missing`);
  return value;
}

function readHeader(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof Headers !== 'undefined' && headers instanceof Headers) return headers.get(name) ?? undefined;
  const record = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(record).find((candidate) => candidate.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return Array.isArray(value) ? value[0] : value;
}

/** The signed body is the service's own: a check of its shape guards against a wrong endpoint's payload only. */
function parseEvent(body: Buffer, id: string): WebhookEvent {
  let event: unknown;
  try {
    event = JSON.parse(body.toString('utf8'));
  } catch {
    throw new WebhookVerificationError('bad_body', 'The body is not JSON');
  }
  if (!isWebhookEvent(event)) throw new WebhookVerificationError('bad_body', 'The body is not a webhook event');
  if (event.id !== id)
    throw new WebhookVerificationError('bad_body', `The body's id ${event.id} is not the webhook-id ${id}`);
  return event;
}

function isWebhookEvent(value: unknown): value is WebhookEvent {
  if (typeof value !== 'object' || value === null) return false;
  const event = value as Record<string, unknown>;
  return (
    typeof event.id === 'string' &&
    typeof event.event === 'string' &&
    typeof event.timestamp === 'string' &&
    typeof event.livemode === 'boolean' &&
    typeof event.data === 'object' &&
    event.data !== null
  );
}
