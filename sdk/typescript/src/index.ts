// The Social Publishing API's TypeScript SDK: a client typed from the service's OpenAPI document
// (openapi.json, generated with `npm run sdk:generate` at the repository's root) and webhook verification.
export { createClient } from './client';
export type { SocialPublishingClient, SocialPublishingClientOptions } from './client';
export { ApiError, unwrap } from './api-error';
export type { ApiErrorBody } from './api-error';
export { DEFAULT_WEBHOOK_TOLERANCE_SECONDS, verifyWebhook, WebhookVerificationError } from './verify-webhook';
export type { VerifyWebhookOptions, WebhookHeaders, WebhookVerificationFailure } from './verify-webhook';
export type * from './webhook-events';
/** Every path, operation and schema of the document: `components['schemas']['PostView']`, … */
export type { components, operations, paths } from './schema';
