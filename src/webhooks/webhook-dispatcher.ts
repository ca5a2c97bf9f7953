import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { DecryptionError } from '../common/crypto/secret-box';
import { newId } from '../common/ids';
import { APP_CONFIG } from '../config/app-config';
import { CustomerModes } from '../customers/customer-modes';
import type { AppConfig } from '../config/app-config';
import { Clock } from '../common/clock/clock';
import { attemptConsequence, GONE } from './attempt-consequence';
import { EVENT_ROW_COLUMNS, EventRow } from './stored-event';
import { EndpointState, OpenEndpoint, WebhookEndpointsService } from './webhook-endpoints.service';
import { StoredEvent, webhookBody } from './webhook-payload';
import { AttemptResult, isDelivered, WebhookSender } from './webhook-sender';

const TEST_MESSAGE = 'This is a test event from the social publishing service.';

/**
 * Makes one attempt to deliver a claimed event and records it with its consequence, in one
 * transaction that also lets go of the claim: delivered; the endpoint disabled on 410; the next
 * attempt due on the retry schedule (never before Retry-After); or failed after the round's last
 * attempt. A worker that dies between the send and the record has its claim let go when it counts
 * as dead, and the attempt is made again: delivery is at least once, and receivers de-duplicate on
 * the event id.
 */
@Injectable()
export class WebhookDispatcher {
  private readonly logger = new Logger('Webhooks');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly endpoints: WebhookEndpointsService,
    private readonly sender: WebhookSender,
    private readonly modes: CustomerModes,
    private readonly clock: Clock,
  ) {}

  /**
   * The attempt of a pending event claimed by `workerId` in the webhook lane; every path lets go of
   * the claim, and none lets go of a claim that is no longer this worker's (one taken for dead
   * whose event another worker has claimed since).
   */
  async deliver(eventId: string, workerId: string): Promise<void> {
    const [event] = (await this.dataSource.query(
      `SELECT ${EVENT_ROW_COLUMNS} FROM events e JOIN customers c ON c.id = e.customer_id WHERE e.id = $1`,
      [eventId],
    )) as EventRow[];
    if (!event) return;
    if (event.delivery_status !== 'pending') return this.letGo(eventId, workerId);
    let endpoint: OpenEndpoint | undefined;
    try {
      endpoint = await this.endpoints.open(event.customer_id);
    } catch (error) {
      // A key this instance lacks may be on another (a rotation under way): let the queue retry.
      // A secret no key opens fails visibly instead of retrying forever.
      if (error instanceof DecryptionError && error.kind === 'unreadable')
        return this.giveUp(event.id, workerId, 'The webhook secret cannot be opened; PUT the webhook again');
      throw error;
    }
    if (!endpoint) return this.giveUp(event.id, workerId, 'No webhook endpoint is configured');
    if (endpoint.disabledAt)
      return this.giveUp(
        event.id,
        workerId,
        'The webhook endpoint is disabled (the receiver answered 410 Gone); PUT it again to enable it',
      );
    const result = await this.sender.send({
      url: endpoint.url,
      secret: endpoint.secret,
      previousSecrets: endpoint.previousSecrets,
      eventId: event.id,
      body: webhookBody(toStored(event)),
    });
    await this.dataSource.transaction((transaction) => this.record(transaction, event, workerId, endpoint, result));
  }

  /**
   * The test event: sent once, now, and only then written with its outcome and attempt, so a
   * crash mid-send leaves nothing half-done behind.
   */
  async sendTest(customerId: string, endpoint: OpenEndpoint): Promise<{ eventId: string; result: AttemptResult }> {
    const mode = await this.modes.modeOf(customerId);
    const event: StoredEvent = {
      id: newId('event'),
      type: 'webhook.test',
      tenantId: null,
      createdAt: this.clock.now(),
      data: { message: TEST_MESSAGE },
      livemode: mode !== 'test',
    };
    const result = await this.sender.send({
      url: endpoint.url,
      secret: endpoint.secret,
      previousSecrets: endpoint.previousSecrets,
      eventId: event.id,
      body: webhookBody(event),
    });
    const delivered = isDelivered(result);
    await this.dataSource.transaction(async (transaction) => {
      await transaction.query(
        `INSERT INTO events (id, customer_id, tenant_id, type, data, created_at, delivery_status, attempts, round_attempts, delivered_at, failure_reason)
         VALUES ($1, $2, NULL, $3, $4, $5, $6, 1, 1, CASE WHEN $6 = 'delivered' THEN now() END, $7)`,
        [
          event.id,
          customerId,
          event.type,
          JSON.stringify(event.data),
          event.createdAt,
          delivered ? 'delivered' : 'failed',
          delivered ? null : 'The test event is sent once',
        ],
      );
      await this.insertAttempt(transaction, event.id, 1, endpoint.url, result);
      if (result.statusCode === GONE) await this.disableEndpoint(transaction, customerId, endpoint);
    });
    return { eventId: event.id, result };
  }

  private async record(
    transaction: EntityManager,
    event: EventRow,
    workerId: string,
    endpoint: OpenEndpoint,
    result: AttemptResult,
  ): Promise<void> {
    // The event row is locked: a resend racing this attempt numbers its attempts after this one.
    const [current] = (await transaction.query(
      'SELECT attempts, round_attempts, round, delivery_status, claimed_by FROM events WHERE id = $1 FOR UPDATE',
      [event.id],
    )) as Array<
      Pick<EventRow, 'round' | 'delivery_status'> & {
        attempts: number;
        round_attempts: number;
        claimed_by: string | null;
      }
    >;
    if (!current) return;
    const attempt = current.attempts + 1;
    await this.insertAttempt(transaction, event.id, attempt, endpoint.url, result);
    // This worker was taken for dead and its claim let go: the attempt happened and is recorded, but
    // the event's state is for the worker that holds it now (or the next one) to decide.
    if (current.claimed_by !== workerId) {
      await transaction.query('UPDATE events SET attempts = $2 WHERE id = $1', [event.id, attempt]);
      return;
    }
    // A resend started a new round while this attempt was under way: that round decides the state.
    if (current.round !== event.round || current.delivery_status !== 'pending') {
      await transaction.query('UPDATE events SET attempts = $2, claimed_by = NULL, claimed_at = NULL WHERE id = $1', [
        event.id,
        attempt,
      ]);
      return;
    }

    const roundAttempts = current.round_attempts + 1;
    const next = attemptConsequence(result, roundAttempts, this.config.webhooks.retryScheduleMs, this.clock.now());
    if (next.kind === 'delivered') {
      await transaction.query(
        "UPDATE events SET attempts = $2, round_attempts = $3, delivery_status = 'delivered', delivered_at = now(), next_attempt_at = NULL, failure_reason = NULL, claimed_by = NULL, claimed_at = NULL WHERE id = $1",
        [event.id, attempt, roundAttempts],
      );
      return;
    }
    this.logger.warn({
      msg: 'Webhook attempt failed',
      eventId: event.id,
      attempt,
      statusCode: result.statusCode,
      err: result.error,
    });
    if (next.kind === 'gone') await this.disableEndpoint(transaction, event.customer_id, endpoint);
    if (next.kind !== 'retry') return this.fail(transaction, event.id, attempt, roundAttempts, next.reason);
    // Let go with the next attempt's time: the lane's trigger makes it due then.
    await transaction.query(
      'UPDATE events SET attempts = $2, round_attempts = $3, next_attempt_at = $4, claimed_by = NULL, claimed_at = NULL WHERE id = $1',
      [event.id, attempt, roundAttempts, next.at],
    );
  }

  private async insertAttempt(
    transaction: EntityManager,
    eventId: string,
    attempt: number,
    url: string,
    result: AttemptResult,
  ): Promise<void> {
    await transaction.query(
      'INSERT INTO webhook_attempts (event_id, attempt_number, url, status_code, duration_ms, error) VALUES ($1, $2, $3, $4, $5, $6)',
      [eventId, attempt, url, result.statusCode, result.durationMs, result.error],
    );
  }

  /** Only the endpoint the attempt went to: one PUT again since then (even of the same URL) stays enabled. */
  private async disableEndpoint(
    transaction: EntityManager,
    customerId: string,
    endpoint: EndpointState,
  ): Promise<void> {
    await transaction.query(
      "UPDATE webhook_endpoints SET disabled_at = now(), disabled_reason = 'The receiver answered 410 Gone', updated_at = now() WHERE customer_id = $1 AND date_trunc('milliseconds', updated_at) = $2 AND disabled_at IS NULL",
      [customerId, endpoint.updatedAt],
    );
  }

  private async fail(
    transaction: EntityManager,
    eventId: string,
    attempt: number,
    roundAttempts: number,
    reason: string,
  ): Promise<void> {
    await transaction.query(
      "UPDATE events SET attempts = $2, round_attempts = $3, delivery_status = 'failed', next_attempt_at = NULL, failure_reason = $4, claimed_by = NULL, claimed_at = NULL WHERE id = $1",
      [eventId, attempt, roundAttempts, reason],
    );
  }

  /** A pending event that cannot be sent at all fails visibly, with the reason. */
  private async giveUp(eventId: string, workerId: string, reason: string): Promise<void> {
    await this.dataSource.query(
      "UPDATE events SET delivery_status = 'failed', next_attempt_at = NULL, failure_reason = $2, claimed_by = NULL, claimed_at = NULL WHERE id = $1 AND delivery_status = 'pending' AND claimed_by = $3",
      [eventId, reason, workerId],
    );
    await this.letGo(eventId, workerId);
  }

  /**
   * Lets go of the claim without an attempt (nothing to send, or our own trouble): a pending event
   * is due again at its time, or after `delayMs` when given. Only `workerId`'s own claim.
   */
  async letGo(eventId: string, workerId: string, delayMs?: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE events SET claimed_by = NULL, claimed_at = NULL,
              next_attempt_at = CASE WHEN $3::integer IS NULL THEN next_attempt_at ELSE greatest(next_attempt_at, now() + $3 * interval '1 millisecond') END
        WHERE id = $1 AND claimed_by = $2`,
      [eventId, workerId, delayMs ?? null],
    );
  }

  /** The attempts `workerId` claimed but does not hold (see WorkLane.releaseUnheld): due again at their time. */
  async releaseUnheld(workerId: string, heldEventIds: string[]): Promise<number> {
    const [, released] = (await this.dataSource.query(
      'UPDATE events SET claimed_by = NULL, claimed_at = NULL WHERE claimed_by = $1 AND id <> ALL ($2::text[])',
      [workerId, heldEventIds],
    )) as [unknown[], number];
    return released;
  }

  /** See WorkLane.releaseAbandoned. */
  async releaseAbandoned(deadWorkerIds: string[], deadAfterMs: number): Promise<number> {
    const [, released] = (await this.dataSource.query(
      `UPDATE events e SET claimed_by = NULL, claimed_at = NULL
        WHERE e.claimed_by IS NOT NULL
          AND (e.claimed_by = ANY($1::text[])
               OR (e.claimed_at < now() - make_interval(secs => $2::double precision / 1000)
                   AND NOT EXISTS (SELECT 1 FROM worker_heartbeats h WHERE h.worker_id = e.claimed_by)))`,
      [deadWorkerIds, deadAfterMs],
    )) as [unknown[], number];
    return released;
  }
}

function toStored(event: EventRow): StoredEvent {
  return {
    id: event.id,
    type: event.type,
    tenantId: event.tenant_id,
    createdAt: event.created_at,
    data: event.data,
    livemode: event.livemode,
  };
}
