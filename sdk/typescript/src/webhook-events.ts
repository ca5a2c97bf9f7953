import type { components } from './schema';

type Schemas = components['schemas'];

/** Any body your webhook receives, told apart by `event`. */
export type WebhookEvent = Schemas['WebhookEvent'];
/** `'account.connected' | 'post.published' | …` */
export type WebhookEventType = WebhookEvent['event'];
/** The event of one type: `WebhookEventOf<'post.published'>` is PostPublishedEvent. */
export type WebhookEventOf<Type extends WebhookEventType> = Extract<WebhookEvent, { event: Type }>;

export type AccountConnectedEvent = Schemas['AccountConnectedEvent'];
export type AccountDisconnectedEvent = Schemas['AccountDisconnectedEvent'];
export type AccountTokenExpiringEvent = Schemas['AccountTokenExpiringEvent'];
export type AccountTokenExpiredEvent = Schemas['AccountTokenExpiredEvent'];
export type PostPublishedEvent = Schemas['PostPublishedEvent'];
export type PostFailedEvent = Schemas['PostFailedEvent'];
export type PostCanceledEvent = Schemas['PostCanceledEvent'];
export type PostCompletedEvent = Schemas['PostCompletedEvent'];
export type PostDeletedEvent = Schemas['PostDeletedEvent'];
export type CommentReceivedEvent = Schemas['CommentReceivedEvent'];
export type WebhookTestEvent = Schemas['WebhookTestEvent'];
