/** What other modules may use from webhooks/: everything else in the folder is its own. */
export { EventDeliveryView, TestAttemptView } from './dto/event-delivery.view';
export { WebhookView } from './dto/webhook.view';
export { EventOutbox } from './event-outbox';
export type { NewEvent } from './event-outbox';
export { ALL_EVENT_TYPES, EVENT_DELIVERY_STATUSES } from './event-types';
export type { EventDeliveryStatus } from './event-types';
export { EventsStore } from './events.store';
export type { FailingEvent } from './events.store';
export { WebhookDeliveriesService } from './webhook-deliveries.service';
export { WebhookEndpointsService } from './webhook-endpoints.service';
export { WebhookInsightsStore } from './webhook-insights.store';
export type { AttemptDay, EventExchange } from './webhook-insights.store';
export { ROTATION_OVERLAP_SECONDS } from './webhook-secret-policy';
export { WebhooksModule } from './webhooks.module';
