/** The data of each event kind, as the customer's webhook receives it (SPEC.md section 6). */
export interface EventData {
  'account.connected': { connectedAccountId: string; platform: string; username: string; nickname: string };
  'account.token_expired': { connectedAccountId: string; platform: string; username: string; reason: string };
  'post.published': {
    servicePostId: string;
    deliveryId: string;
    connectedAccountId: string;
    platform: string;
    platformPostId: string;
    permalink: string | null;
  };
  'post.failed': { servicePostId: string; deliveryId: string; connectedAccountId: string; platform: string; error: string; errorCode: string };
}

export type EventType = keyof EventData;

/** Sent by POST /api/v1/webhooks/test only; never through the outbox. */
export type TestEventType = 'webhook.test';

export const ALL_EVENT_TYPES: ReadonlyArray<EventType | TestEventType> = ['account.connected', 'account.token_expired', 'post.published', 'post.failed', 'webhook.test'];

/** An event's delivery to the customer's webhook. */
export const EVENT_DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'skipped'] as const;
export type EventDeliveryStatus = (typeof EVENT_DELIVERY_STATUSES)[number];
