import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { newId } from '../common/ids';
import { APP_CONFIG } from '../config/app-config';
import type { AppConfig } from '../config/app-config';
import { PreparedStatements } from '../database/prepared-statements';
import { EventData, EventType } from './event-types';

export interface NewEvent<T extends EventType> {
  customerId: string;
  tenantId: string;
  type: T;
  data: EventData[T];
}

/** An INSERT of one event, to run as a CTE of the caller's own statement. */
export interface EventInsertion {
  id: string;
  /** `INSERT INTO events … RETURNING id`, its parameters numbered from the `firstParam` given. */
  sql: string;
  params: unknown[];
}

/** Why an event was recorded `skipped` (its `failureReason`); the post.completed trigger says the same. */
export const SKIPPED_BECAUSE = {
  noEndpoint: 'Not sent: no webhook endpoint was set',
  disabled: 'Not sent: the webhook endpoint was disabled (it answered 410 Gone)',
  unsubscribed: 'Not sent: the webhook endpoint is not subscribed to this event type',
} as const;

/**
 * Records events in the outbox, always in the same statement or transaction as the change they
 * report: an event exists exactly when that change was committed. An event for a customer with an
 * enabled webhook endpoint subscribed to its type is `pending`, due at once (the webhook lane's
 * trigger picks it up); any other is recorded as `skipped` (it can be resent once an endpoint is
 * set). The subscription is read inside the INSERT itself: no extra round trip on this hot path.
 */
@Injectable()
export class EventOutbox {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly statements: PreparedStatements,
  ) {}

  /** Records the event through `runner` (a transaction, or the data source's manager). Returns its id. */
  async record<T extends EventType>(runner: EntityManager, event: NewEvent<T>): Promise<string> {
    const insertion = this.insertion(event, 1);
    await this.statements.query(insertion.sql, insertion.params, runner);
    return insertion.id;
  }

  /**
   * The event's INSERT for a caller that writes its change and the event in ONE statement (a
   * data-modifying CTE is atomic without a transaction, and saves a transaction's round trips).
   */
  insertion<T extends EventType>(event: NewEvent<T>, firstParam: number): EventInsertion {
    const id = newId('event');
    const p = (offset: number) => `$${firstParam + offset}`;
    // The schedule's first entry is the delay before the first attempt (usually 0: at once).
    const firstDelayMs = this.config.webhooks.retryScheduleMs[0] ?? 0;
    return {
      id,
      // The customer's one endpoint (or none) decides, in a single index lookup: sent when enabled
      // and subscribed to the type; otherwise skipped, saying why.
      sql: `INSERT INTO events (id, customer_id, tenant_id, type, data, delivery_status, next_attempt_at, failure_reason)
            SELECT ${p(0)}, ${p(1)}, ${p(2)}, ${p(3)}, ${p(4)},
                   CASE WHEN endpoint.state = 'subscribed' THEN 'pending' ELSE 'skipped' END,
                   CASE WHEN endpoint.state = 'subscribed' THEN now() + ${p(5)} * interval '1 millisecond' END,
                   CASE endpoint.state
                     WHEN 'subscribed' THEN NULL
                     WHEN 'disabled' THEN '${SKIPPED_BECAUSE.disabled}'
                     WHEN 'unsubscribed' THEN '${SKIPPED_BECAUSE.unsubscribed}'
                     ELSE '${SKIPPED_BECAUSE.noEndpoint}' END
              FROM (SELECT (SELECT CASE WHEN disabled_at IS NOT NULL THEN 'disabled'
                                        WHEN events IS NULL OR ${p(3)}::text = ANY (events) THEN 'subscribed'
                                        ELSE 'unsubscribed' END
                              FROM webhook_endpoints WHERE customer_id = ${p(1)}) AS state) AS endpoint
            RETURNING id`,
      params: [id, event.customerId, event.tenantId, event.type, JSON.stringify(event.data), firstDelayMs],
    };
  }
}
