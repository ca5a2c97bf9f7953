import { randomBytes } from 'node:crypto';

/**
 * The length a customer-chosen secret must have when it is set. 24 characters since secret
 * rotation came; endpoints set earlier with 16–23 characters keep working (sending never checks),
 * only a new PUT is held to it.
 */
export const WEBHOOK_SECRET_LENGTH = { min: 24, max: 256 } as const;

/** Random bytes in a secret the service makes (the Standard Webhooks minimum is 24; 32 is the HMAC-SHA256 block's worth). */
const GENERATED_SECRET_BYTES = 32;

/** A new secret in the Standard Webhooks form: `whsec_` + base64 of random bytes. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(GENERATED_SECRET_BYTES).toString('base64')}`;
}

/** How long the old secret keeps signing after a rotation, by default and at most. */
export const ROTATION_OVERLAP_SECONDS = { default: 24 * 3600, max: 7 * 24 * 3600 } as const;
