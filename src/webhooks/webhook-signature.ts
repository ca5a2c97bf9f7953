import { createHmac } from 'node:crypto';

/** X-Service-Signature: lowercase hex HMAC-SHA256 of the exact bytes sent, keyed with the customer's secret. */
export function signWebhook(secret: string, body: string | Buffer): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** The Standard Webhooks form of a secret the service makes: `whsec_` and the base64 of the key bytes. */
const STANDARD_SECRET = /^whsec_((?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?)$/;

/**
 * The HMAC key of the Standard Webhooks signature. A `whsec_<base64>` secret (every secret the
 * service makes) is used as the standard says: the base64-decoded bytes after the prefix. Any other
 * secret (one a customer chose) is used as its UTF-8 bytes, so that it still verifies with a
 * Standard Webhooks library given `whsec_` + base64(secret) (see docs/webhooks.md).
 */
export function standardWebhookKey(secret: string): Buffer {
  const standard = STANDARD_SECRET.exec(secret);
  if (standard && standard[1]) return Buffer.from(standard[1], 'base64');
  return Buffer.from(secret, 'utf8');
}

/**
 * The `webhook-signature` header: `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` for each secret
 * in force, space-separated (the current one first; during a rotation's overlap the old one too,
 * so a receiver that still has only the old secret keeps verifying).
 */
export function standardWebhookSignature(
  secrets: readonly string[],
  eventId: string,
  timestampSeconds: number,
  body: string | Buffer,
): string {
  return secrets
    .map((secret) => {
      const hmac = createHmac('sha256', standardWebhookKey(secret));
      hmac.update(`${eventId}.${timestampSeconds}.`).update(body);
      return `v1,${hmac.digest('base64')}`;
    })
    .join(' ');
}
