import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ApiException } from '../common/errors/api-exception';
import { beforeCursorSql, createdMicrosSql, decodeCursor, encodeCursor } from '../common/http/page-cursor';
import { ID_PREFIX } from '../common/ids';
import { DecryptionError } from '../common/crypto/secret-box';
import { APP_CONFIG } from '../config/app-config';
import type { AppConfig } from '../config/app-config';
import { EventDeliveryView, EventPageView, TestAttemptView } from './dto/event-delivery.view';
import { ListDeliveriesQuery } from './dto/list-deliveries.query';
import { WebhookDispatcher } from './webhook-dispatcher';
import { endpointDisabled, notConfigured, OpenEndpoint, WebhookEndpointsService } from './webhook-endpoints.service';
import { isDelivered } from './webhook-sender';

interface ListedRow {
  id: string;
  type: string;
  tenant_id: string | null;
  delivery_status: EventDeliveryView['status'];
  created_at: Date;
  /** created_at in microseconds since the epoch: a cursor with milliseconds would skip rows. */
  created_exact: string;
  delivered_at: Date | null;
  next_attempt_at: Date | null;
  failure_reason: string | null;
  livemode: boolean;
  attempts: Array<{
    attempt: number;
    url: string;
    statusCode: number | null;
    durationMs: number;
    error: string | null;
    attemptedAt: string;
  }>;
}

/** The delivery log (events with their attempts), resending, and the test event. */
@Injectable()
export class WebhookDeliveriesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
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
    const firstDelayMs = this.config.webhooks.retryScheduleMs[0] ?? 0;
    // Pending again, due now (or after the schedule's first delay): the webhook lane's trigger picks it up.
    await this.dataSource.transaction(async (transaction) => {
      const [[updated]] = (await transaction.query(
        `UPDATE events SET delivery_status = 'pending', round = round + 1, round_attempts = 0, next_attempt_at = now() + $3 * interval '1 millisecond',
                delivered_at = NULL, failure_reason = NULL
          WHERE id = $1 AND customer_id = $2 RETURNING next_attempt_at`,
        [eventId, customerId, firstDelayMs],
      )) as [Array<{ next_attempt_at: Date }>, number];
      if (!updated) throw ApiException.notFound('Event');
    });
    return (await this.page(customerId, { limit: 1 }, eventId)).events[0]!;
  }

  /** One event with its attempts; 404 when unknown or another customer's. */
  async get(customerId: string, eventId: string): Promise<EventDeliveryView> {
    const event = (await this.page(customerId, { limit: 1 }, eventId)).events[0];
    if (!event) throw ApiException.notFound('Event');
    return event;
  }

  /** Newest first; the cursor is the last event's (createdAt, id). */
  list(customerId: string, query: ListDeliveriesQuery): Promise<EventPageView> {
    return this.page(customerId, query);
  }

  private async page(customerId: string, query: ListDeliveriesQuery, onlyId?: string): Promise<EventPageView> {
    const limit = query.limit ?? 20;
    const cursor = query.cursor ? decodeCursor(query.cursor, ID_PREFIX.event) : undefined;
    const rows = (await this.dataSource.query(
      `SELECT e.id, e.type, e.tenant_id, e.delivery_status, e.created_at, ${createdMicrosSql('e.created_at')} AS created_exact, e.delivered_at, e.next_attempt_at, e.failure_reason,
              c.mode = 'live' AS livemode,
              COALESCE((SELECT json_agg(json_build_object('attempt', a.attempt_number, 'url', a.url, 'statusCode', a.status_code,
                                  'durationMs', a.duration_ms, 'error', a.error, 'attemptedAt', a.attempted_at) ORDER BY a.attempt_number)
                          FROM webhook_attempts a WHERE a.event_id = e.id), '[]') AS attempts
         FROM events e JOIN customers c ON c.id = e.customer_id
        WHERE e.customer_id = $1
          AND ($2::text IS NULL OR e.type = $2)
          AND ($3::text IS NULL OR e.delivery_status = $3)
          AND ($4::bigint IS NULL OR ${beforeCursorSql('e.created_at', 'e.id', '$4', '$5')})
          AND ($6::text IS NULL OR e.id = $6)
        ORDER BY e.created_at DESC, e.id DESC
        LIMIT $7`,
      [
        customerId,
        query.event ?? null,
        query.status ?? null,
        cursor?.createdMicros ?? null,
        cursor?.id ?? null,
        onlyId ?? null,
        limit + 1,
      ],
    )) as ListedRow[];
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      events: page.map(toView),
      nextCursor: rows.length > limit && last ? encodeCursor({ createdMicros: last.created_exact, id: last.id }) : null,
    };
  }
}

function toView(row: ListedRow): EventDeliveryView {
  return {
    id: row.id,
    event: row.type,
    tenantId: row.tenant_id,
    status: row.delivery_status,
    createdAt: row.created_at.toISOString(),
    deliveredAt: row.delivered_at?.toISOString() ?? null,
    nextAttemptAt: row.next_attempt_at?.toISOString() ?? null,
    failureReason: row.failure_reason,
    livemode: row.livemode,
    attempts: row.attempts.map((attempt) => ({ ...attempt, attemptedAt: new Date(attempt.attemptedAt).toISOString() })),
  };
}
