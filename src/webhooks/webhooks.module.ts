import { Module } from '@nestjs/common';
import { CustomersModule } from '../customers';
import { DatabaseModule } from '../database';
import { ClockModule } from '../common/clock/clock.module';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UrlSafety } from '../common/url-safety';
import { EventHistoryService } from './event-history.service';
import { EventHistoryStore } from './event-history.store';
import { EventOutbox } from './event-outbox';
import { EventsController } from './events.controller';
import { EventsStore } from './events.store';
import { WebhookDeliveriesService } from './webhook-deliveries.service';
import { WebhookDispatcher } from './webhook-dispatcher';
import { WebhookEndpoint } from './webhook-endpoint.entity';
import { WebhookEndpointsService } from './webhook-endpoints.service';
import { WebhookEndpointsStore } from './webhook-endpoints.store';
import { WebhookInsightsStore } from './webhook-insights.store';
import { WebhookLane } from './webhook-lane';
import { WebhookSender } from './webhook-sender';
import { WebhooksController } from './webhooks.controller';
import { WebhookTestThrottle } from './webhook-test-throttle';
import { PurgeOldEvents } from './purge-old-events.task';
import { QueueModule } from '../queue';

/**
 * Events and their delivery: the outbox other modules write to, the customer's endpoint, the
 * signed delivery with retries (a lane of its own), the delivery log, the test event, and the
 * event history (GET /events) with its purge.
 */
@Module({
  imports: [QueueModule, TypeOrmModule.forFeature([WebhookEndpoint]), DatabaseModule, CustomersModule, ClockModule],
  controllers: [WebhooksController, EventsController],
  providers: [
    EventsStore,
    EventHistoryStore,
    EventHistoryService,
    PurgeOldEvents,
    WebhookInsightsStore,
    WebhookEndpointsStore,
    EventOutbox,
    WebhookEndpointsService,
    WebhookSender,
    WebhookDispatcher,
    WebhookDeliveriesService,
    WebhookLane,
    UrlSafety,
    { provide: WebhookTestThrottle, useFactory: () => new WebhookTestThrottle() },
  ],
  exports: [EventsStore, WebhookInsightsStore, EventOutbox, WebhookEndpointsService, WebhookDeliveriesService],
})
export class WebhooksModule {}
