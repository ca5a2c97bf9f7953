import { Injectable } from '@nestjs/common';
import { ApiException } from '../common/errors/api-exception';
import { decodeCursor, encodeCursor } from '../common/http/page-cursor';
import { ID_PREFIX } from '../common/ids';
import { DecryptionError } from '../common/crypto/secret-box';
import { Database } from '../database';
import { Paginated } from '../common/http/paginated';
import { EventDeliveryView, TestAttemptView } from './dto/event-delivery.view';
import { ListDeliveriesQuery } from './dto/list-deliveries.query';
import { EventsStore, LoggedEvent } from './events.store';
import { WebhookDispatcher } from './webhook-dispatcher';
import { endpointDisabled, notConfigured, OpenEndpoint, WebhookEndpointsService } from './webhook-endpoints.service';
import { isDelivered } from './webhook-sender';

/** The delivery log (events with their attempts), resending, and the test event. */
@Injectable()
export class WebhookDeliveriesService {
  constructor(
    private readonly database: Database,
    private readonly events: EventsStore,
    private readonly endpoints: WebhookEndpointsService,
    private readonly dispatcher: WebhookDispatcher,
  ) {}

  /** Sends a webhook.test event at once (one attempt, no retries) and answers what it came to. */
  async sendTest(customerId: string): Promise<TestAttemptView> {
    let endpoint: OpenEndpoint | undefined;
    try {
      endpoint = await this.endpoints.open(customerId);
    } catch (error) {
      if (error instanceof DecryptionError)
        throw ApiException.conflict(
          'The webhook secret cannot be opened here; PUT the webhook again',
          'webhook_secret_unreadable',
        );
      throw error;
    }
    if (!endpoint) throw notConfigured();
    if (endpoint.disabledAt) throw endpointDisabled();
    const { eventId, result } = await this.dispatcher.sendTest(customerId, endpoint);
    return {
      eventId,
      delivered: isDelivered(result),
      statusCode: result.statusCode,
      durationMs: result.durationMs,
      ...(result.error ? { error: result.error } : {}),
    };
  }

  /** Queues the event again, as a new round of the retry schedule. */
  async resend(customerId: string, eventId: string): Promise<EventDeliveryView> {
    const endpoint = await this.endpoints.state(customerId);
    if (!endpoint) throw notConfigured();
    if (endpoint.disabledAt) throw endpointDisabled();
    // Pending again, due after the schedule's first delay (the connection's setting, as for a new
    // event: see data-source-options.ts): the webhook lane's trigger picks it up.
    await this.database.transaction(async (transaction) => {
      if (!(await this.events.resend(customerId, eventId, transaction))) throw ApiException.notFound('Event');
    });
    return (await this.page(customerId, { limit: 1 }, eventId)).items[0]!;
  }

  /** One event with its attempts; 404 when unknown or another customer's. */
  async get(customerId: string, eventId: string): Promise<EventDeliveryView> {
    const event = (await this.page(customerId, { limit: 1 }, eventId)).items[0];
    if (!event) throw ApiException.notFound('Event');
    return event;
  }

  /** Newest first; the cursor is the last event's (createdAt, id). */
  list(customerId: string, query: ListDeliveriesQuery): Promise<Paginated<EventDeliveryView>> {
    return this.page(customerId, query);
  }

  private async page(
    customerId: string,
    query: ListDeliveriesQuery,
    onlyId?: string,
  ): Promise<Paginated<EventDeliveryView>> {
    const limit = query.limit ?? 20;
    const cursor = query.cursor ? decodeCursor(query.cursor, ID_PREFIX.event) : undefined;
    const rows = await this.events.log(customerId, {
      type: query.event,
      status: query.status,
      before: cursor,
      onlyId,
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return new Paginated(page.map(toView), {
      nextCursor: rows.length > limit && last ? encodeCursor({ createdMicros: last.createdMicros, id: last.id }) : null,
    });
  }
}

function toView(row: LoggedEvent): EventDeliveryView {
  return {
    id: row.id,
    event: row.type,
    tenantId: row.tenantId,
    status: row.deliveryStatus,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    failureReason: row.failureReason,
    livemode: row.livemode,
    attempts: row.attempts.map((attempt) => ({ ...attempt, attemptedAt: new Date(attempt.attemptedAt).toISOString() })),
  };
}
