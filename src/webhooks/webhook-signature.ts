import { createHmac } from 'node:crypto';

/** X-Service-Signature: lowercase hex HMAC-SHA256 of the exact bytes sent, keyed with the customer's secret. */
export function signWebhook(secret: string, body: string | Buffer): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}
