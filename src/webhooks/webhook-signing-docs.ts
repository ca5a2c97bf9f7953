/** How deliveries are signed, as the OpenAPI document tells it (kept with the code that signs, so the two agree). */
export const WEBHOOK_SIGNING_HEADERS =
  'Every delivery carries: X-Service-Signature, the lowercase hex HMAC-SHA256 of the raw body keyed with the secret (its UTF-8 bytes); ' +
  'and the Standard Webhooks headers (standardwebhooks.com) webhook-id (the event id, the same on every retry), webhook-timestamp (this attempt, Unix seconds) and ' +
  'webhook-signature: space-separated `v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">`. Its key is the base64-decoded part after `whsec_` for a ' +
  '`whsec_<base64>` secret (every secret the service makes), otherwise the UTF-8 bytes of the secret: give a Standard Webhooks library `whsec_` + base64(those bytes). ' +
  'Refuse a webhook-timestamp more than 5 minutes away from your clock, and de-duplicate on webhook-id.';
