import type { DeliveryErrorCode } from '../common/errors/delivery-error-code';

/** The data of each event kind, as the customer's webhook receives it (docs/webhooks.md). */
export interface EventData {
  /** clientState: the auth-url call's client_state (null without one), for the customer to match to its user. */
  'account.connected': {
    connectedAccountId: string;
    platform: string;
    username: string;
    nickname: string;
    clientState: string | null;
  };
  'account.disconnected': { connectedAccountId: string; platform: string; username: string };
  'account.token_expired': { connectedAccountId: string; platform: string; username: string; reason: string };
  /** A token the service could not refresh that expires within 3 days: once per expiry. */
  'account.token_expiring': {
    connectedAccountId: string;
    platform: string;
    username: string;
    expiresAt: string;
    reason: string;
  };
  /**
   * The network no longer grants a permission the account had (the user took it back in the network's
   * settings), found when the network refused for it or a token refresh said so: once per loss.
   */
  'account.permissions_lost': {
    connectedAccountId: string;
    platform: string;
    username: string;
    /** The permissions lost, as the network names them. */
    lost: string[];
    /** What the account can no longer be used for, and the permissions that would allow it (as the account view shows). */
    missingPermissions: Array<{ feature: string; permissions: string[] }>;
  };
  'post.published': {
    servicePostId: string;
    deliveryId: string;
    connectedAccountId: string;
    platform: string;
    platformPostId: string;
    permalink: string | null;
  };
  'post.failed': {
    servicePostId: string;
    deliveryId: string;
    connectedAccountId: string;
    platform: string;
    error: string;
    errorCode: DeliveryErrorCode;
  };
  /** A delivery taken down from its network by POST /posts/:id/unpublish: one event per delivery. */
  'post.deleted': {
    servicePostId: string;
    deliveryId: string;
    connectedAccountId: string;
    platform: string;
    platformPostId: string;
  };
  /**
   * The outcome of a published delivery's edit (PATCH /posts/:id of a published post), sent by the
   * worker: one event per delivery, as post.deleted. `platformPostId` is the post's id after the
   * edit (X gives each edit a new one); `editedAt` is null and `error` says why when it failed.
   */
  'post.edited': {
    servicePostId: string;
    deliveryId: string;
    connectedAccountId: string;
    platform: string;
    status: 'edited' | 'failed';
    platformPostId: string;
    editedAt: string | null;
    error: { code: string; message: string } | null;
  };
  /** A comment by someone else under a recently published delivery, found by the comment scan. */
  'comment.received': {
    servicePostId: string;
    deliveryId: string;
    connectedAccountId: string;
    platform: string;
    platformPostId: string;
    comment: {
      id: string;
      text: string;
      authorId: string | null;
      authorName: string | null;
      createdAt: string;
      replyToId: string | null;
    };
  };
  /**
   * A post edited before publishing (PATCH /posts/:id): its status and schedule after the edit, and
   * the fields the patch gave. GET /posts/:id reads the post as it now is.
   */
  'post.updated': { servicePostId: string; status: string; scheduledAt: string | null; fields: string[] };
  /** The deliveries a cancel stopped (those already published or failed are not among them). */
  'post.canceled': { servicePostId: string; canceledDeliveryIds: string[] };
  /**
   * Recorded by the database trigger record_post_completed (migration WebhookSubscriptions), not through
   * EventOutbox, yet by the same function, record_event (migration EventRecording).
   */
  'post.completed': {
    servicePostId: string;
    status: 'published' | 'partially_published' | 'failed' | 'canceled';
    counts: PostCompletedCounts;
  };
}

export interface PostCompletedCounts {
  published: number;
  failed: number;
  canceled: number;
}

export type EventType = keyof EventData;

/** Sent by POST /api/v1/webhooks/test only; never through the outbox. */
export type TestEventType = 'webhook.test';

/** The types a webhook can subscribe to (PUT /webhooks `events`), in the order the docs list them. */
export const SUBSCRIBABLE_EVENT_TYPES: ReadonlyArray<EventType> = [
  'account.connected',
  'account.disconnected',
  'account.token_expiring',
  'account.token_expired',
  'account.permissions_lost',
  'post.published',
  'post.failed',
  'post.canceled',
  'post.updated',
  'post.completed',
  'post.deleted',
  'post.edited',
  'comment.received',
];

export const ALL_EVENT_TYPES: ReadonlyArray<EventType | TestEventType> = [...SUBSCRIBABLE_EVENT_TYPES, 'webhook.test'];

/** An event's delivery to the customer's webhook. */
export const EVENT_DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'skipped'] as const;
export type EventDeliveryStatus = (typeof EVENT_DELIVERY_STATUSES)[number];
