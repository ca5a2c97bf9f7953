import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG } from '../config/app-config';
import type { AppConfig } from '../config/app-config';
import { DecryptionError } from '../common/crypto/secret-box';
import { JobQueue } from '../queue/job-queue';
import { nextAttemptDelayMs } from './retry-schedule';
import { DELIVER_WEBHOOK_TASK, webhookJobKey } from './webhook-job';
import { OpenEndpoint, WebhookEndpointsService } from './webhook-endpoints.service';
import { webhookBody, StoredEvent } from './webhook-payload';
import { AttemptResult, WebhookSender } from './webhook-sender';

const GONE = 410;

/** An event row as the dispatcher reads it. */
export interface EventRow {
  id: string;
  customer_id: string;
  tenant_id: string | null;
  type: string;
  data: Record<string, unknown>;
  created_at: Date;
  delivery_status: string;
}

/** Whether a failed attempt may be followed by another (queued deliveries) or not (the test event). */
export type RetryMode = 'retry' | 'once';

/**
 * Makes one attempt to deliver an event and records it with its consequence, in one transaction:
 * delivered; the endpoint disabled on 410; the next attempt queued on the retry schedule (never
 * before Retry-After); or failed after the round's last attempt. A worker that dies between the
 * send and the record makes the job run again: delivery is at least once, and receivers
 * de-duplicate on the event id.
 */
@Injectable()
export class WebhookDispatcher {
  private readonly logger = new Logger('Webhooks');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly endpoints: WebhookEndpointsService,
    private readonly sender: WebhookSender,
    private readonly jobs: JobQueue,
  ) {}

  /** The queued attempt of a pending event (the deliver-webhook task). */
  async deliver(eventId: string): Promise<void> {
    const [event] = (await this.dataSource.query('SELECT id, customer_id, tenant_id, type, data, created_at, delivery_status FROM events WHERE id = $1', [
      eventId,
    ])) as EventRow[];
    if (!event || event.delivery_status !== 'pending') return;
    let endpoint: OpenEndpoint | undefined;
    try {
      endpoint = await this.endpoints.open(event.customer_id);
    } catch (error) {
      // Retrying cannot help a secret sealed with a key this instance lacks: fail visibly instead.
      if (error instanceof DecryptionError) return this.giveUp(event.id, `The webhook secret cannot be opened (${error.message}); PUT the webhook again`);
      throw error;
    }
    if (!endpoint) return this.giveUp(event.id, 'No webhook endpoint is configured');
    if (endpoint.disabledAt) return this.giveUp(event.id, 'The webhook endpoint is disabled (the receiver answered 410 Gone); PUT it again to enable it');
    await this.attempt(event, endpoint, 'retry');
  }

  /** Sends the event now and records the attempt; answers what the attempt came to. */
  async attempt(event: EventRow, endpoint: OpenEndpoint, mode: RetryMode): Promise<AttemptResult> {
    const result = await this.sender.send({ url: endpoint.url, secret: endpoint.secret, eventId: event.id, body: webhookBody(toStored(event)) });
    await this.dataSource.transaction((transaction) => this.record(transaction, event, endpoint, result, mode));
    return result;
  }

  private async record(transaction: EntityManager, event: EventRow, endpoint: OpenEndpoint, result: AttemptResult, mode: RetryMode): Promise<void> {
    // The event row is locked: a resend racing this attempt numbers its attempts after this one.
    const [counts] = (await transaction.query('SELECT attempts, round_attempts FROM events WHERE id = $1 FOR UPDATE', [event.id])) as Array<{
      attempts: number;
      round_attempts: number;
    }>;
    if (!counts) return;
    const attempt = counts.attempts + 1;
    const roundAttempts = counts.round_attempts + 1;
    await transaction.query(
      'INSERT INTO webhook_attempts (event_id, attempt_number, url, status_code, duration_ms, error) VALUES ($1, $2, $3, $4, $5, $6)',
      [event.id, attempt, endpoint.url, result.statusCode, result.durationMs, result.error],
    );
    const delivered = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    if (delivered) {
      await this.update(transaction, event.id, attempt, roundAttempts, "delivery_status = 'delivered', delivered_at = now(), next_attempt_at = NULL, failure_reason = NULL");
      return;
    }
    this.logger.warn({ msg: 'Webhook attempt failed', eventId: event.id, attempt, statusCode: result.statusCode, err: result.error });
    if (result.statusCode === GONE) {
      await transaction.query(
        "UPDATE webhook_endpoints SET disabled_at = now(), disabled_reason = 'The receiver answered 410 Gone', updated_at = now() WHERE customer_id = $1 AND url = $2 AND disabled_at IS NULL",
        [event.customer_id, endpoint.url],
      );
      await this.fail(transaction, event.id, attempt, roundAttempts, 'The receiver answered 410 Gone: the endpoint is disabled');
      return;
    }
    const delayMs = mode === 'retry' ? nextAttemptDelayMs(this.config.webhooks.retryScheduleMs, roundAttempts, result.retryAfterMs) : undefined;
    if (delayMs === undefined) {
      await this.fail(transaction, event.id, attempt, roundAttempts, `No 2xx answer after ${roundAttempts} attempt${roundAttempts > 1 ? 's' : ''}`);
      return;
    }
    const at = new Date(Date.now() + delayMs);
    await this.update(transaction, event.id, attempt, roundAttempts, 'next_attempt_at = $4', [at]);
    await this.jobs.enqueue(transaction, { task: DELIVER_WEBHOOK_TASK, payload: { eventId: event.id }, jobKey: webhookJobKey(event.id), runAt: at });
  }

  private fail(transaction: EntityManager, eventId: string, attempt: number, roundAttempts: number, reason: string): Promise<void> {
    return this.update(transaction, eventId, attempt, roundAttempts, "delivery_status = 'failed', next_attempt_at = NULL, failure_reason = $4", [reason]);
  }

  private async update(transaction: EntityManager, eventId: string, attempt: number, roundAttempts: number, set: string, extra: unknown[] = []): Promise<void> {
    await transaction.query(`UPDATE events SET attempts = $2, round_attempts = $3, ${set} WHERE id = $1`, [eventId, attempt, roundAttempts, ...extra]);
  }

  /** A pending event that cannot be sent at all fails visibly, with the reason. */
  private async giveUp(eventId: string, reason: string): Promise<void> {
    await this.dataSource.query("UPDATE events SET delivery_status = 'failed', next_attempt_at = NULL, failure_reason = $2 WHERE id = $1 AND delivery_status = 'pending'", [
      eventId,
      reason,
    ]);
  }
}

function toStored(event: EventRow): StoredEvent {
  return { id: event.id, type: event.type, tenantId: event.tenant_id, createdAt: event.created_at, data: event.data };
}
