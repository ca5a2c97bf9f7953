import { Injectable } from '@nestjs/common';
import { beforeCursorSql, createdMicrosSql } from '../common/http/page-cursor';
import { Database } from '../database';
import type { Transaction } from '../database';
import type { EventDeliveryStatus } from './event-types';
import type { AttemptResult } from './webhook-sender';

/** The recording of one event (see eventInsertionSql), with its parameters. */
export interface EventInsertion {
  /** `SELECT record_event(…) AS id`, its parameters numbered from the `firstParam` given. */
  sql: string;
  params: unknown[];
}

/** An event as an attempt to deliver it needs it. */
export interface DeliverableEvent {
  id: string;
  customerId: string;
  tenantId: string | null;
  type: string;
  data: Record<string, unknown>;
  createdAt: Date;
  deliveryStatus: EventDeliveryStatus;
  /** The resend round this attempt belongs to (see the migration). */
  round: number;
  /** From the event's customer row: false in a test world. */
  livemode: boolean;
}

/** The event's state under its row lock, as an attempt's outcome is recorded against it. */
export interface LockedEvent {
  attempts: number;
  roundAttempts: number;
  round: number;
  deliveryStatus: EventDeliveryStatus;
  claimedBy: string | null;
}

/** The webhook.test event, written once its one attempt is over. */
export interface SentTestEvent {
  id: string;
  customerId: string;
  type: string;
  data: Record<string, unknown>;
  createdAt: Date;
  delivered: boolean;
  failureReason: string | null;
}

/** One event of the delivery log, with its attempts. */
export interface LoggedEvent {
  id: string;
  type: string;
  tenantId: string | null;
  deliveryStatus: EventDeliveryStatus;
  createdAt: Date;
  /** createdAt in microseconds since the epoch: a cursor with milliseconds would skip rows. */
  createdMicros: string;
  deliveredAt: Date | null;
  nextAttemptAt: Date | null;
  failureReason: string | null;
  livemode: boolean;
  attempts: LoggedAttempt[];
}

export interface LoggedAttempt {
  attempt: number;
  url: string;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  /** As JSON wrote the timestamp. */
  attemptedAt: string;
}

/** Which events of the log to read: newest first, before the cursor, at most `limit`. */
export interface EventLogQuery {
  type?: string;
  status?: EventDeliveryStatus;
  before?: { createdMicros: string; id: string };
  onlyId?: string;
  limit: number;
}

/** An event whose delivery failed or keeps failing, as the dashboard's overview lists it. */
export interface FailingEvent {
  id: string;
  event: string;
  status: string;
  attempts: number;
  failureReason: string | null;
  lastError: string | null;
  createdAt: Date;
}

interface DeliverableEventRow {
  id: string;
  customer_id: string;
  tenant_id: string | null;
  type: string;
  data: Record<string, unknown>;
  created_at: Date;
  delivery_status: EventDeliveryStatus;
  round: number;
  livemode: boolean;
}

interface LockedEventRow {
  attempts: number;
  round_attempts: number;
  round: number;
  delivery_status: EventDeliveryStatus;
  claimed_by: string | null;
}

interface LoggedEventRow {
  id: string;
  type: string;
  tenant_id: string | null;
  delivery_status: EventDeliveryStatus;
  created_at: Date;
  created_exact: string;
  delivered_at: Date | null;
  next_attempt_at: Date | null;
  failure_reason: string | null;
  livemode: boolean;
  attempts: LoggedAttempt[];
}

/**
 * The only way to the events and webhook_attempts tables: the outbox's inserts, the webhook lane's
 * claims, each attempt and its outcome, the delivery log. The lane's statements are hot: their
 * texts stay as they are, and each is one round trip.
 */
@Injectable()
export class EventsStore {
  constructor(private readonly database: Database) {}

  /**
   * The webhook lane's backlog for the metrics: pending events due and unclaimed, and since when
   * the oldest is due. Reads events_due_idx (pending, unclaimed events only), never the whole table.
   */
  async webhookBacklog(): Promise<{ due: number; oldestDueAt: Date | null }> {
    const [row] = await this.database.rows<{ due: number; oldestDueAt: Date | null }>(
      `SELECT count(*)::int AS due, min(next_attempt_at) AS "oldestDueAt"
         FROM events WHERE delivery_status = 'pending' AND claimed_by IS NULL AND next_attempt_at <= now()`,
      [],
    );
    return row ?? { due: 0, oldestDueAt: null };
  }

  /** Records an event on its own (a named prepared statement), in `transaction` when given; answers its id. */
  async insert(insertion: EventInsertion, transaction?: Transaction): Promise<string> {
    const [row] = await this.database.hot<{ id: string }>(insertion.sql, insertion.params, transaction);
    return row!.id;
  }

  /** Claims up to `wanted` due events for `workerId`, round-robin over customers, at most `perCustomer` each in flight. */
  async claim(workerId: string, wanted: number, perCustomer: number): Promise<string[]> {
    const rows = await this.database.rows<{ event_id: string }>('SELECT event_id FROM claim_events($1, $2, $3)', [
      workerId,
      wanted,
      perCustomer,
    ]);
    return rows.map((row) => row.event_id);
  }

  async findDeliverable(eventId: string): Promise<DeliverableEvent | undefined> {
    const [row] = await this.database.rows<DeliverableEventRow>(
      "SELECT e.id, e.customer_id, e.tenant_id, e.type, e.data, e.created_at, e.delivery_status, e.round, c.mode = 'live' AS livemode FROM events e JOIN customers c ON c.id = e.customer_id WHERE e.id = $1",
      [eventId],
    );
    if (!row) return undefined;
    return {
      id: row.id,
      customerId: row.customer_id,
      tenantId: row.tenant_id,
      type: row.type,
      data: row.data,
      createdAt: row.created_at,
      deliveryStatus: row.delivery_status,
      round: row.round,
      livemode: row.livemode,
    };
  }

  /** Locks the event's row until `transaction` ends: a resend racing an attempt numbers its attempts after it. */
  async lockForAttempt(eventId: string, transaction: Transaction): Promise<LockedEvent | undefined> {
    const [row] = await this.database.rows<LockedEventRow>(
      'SELECT attempts, round_attempts, round, delivery_status, claimed_by FROM events WHERE id = $1 FOR UPDATE',
      [eventId],
      transaction,
    );
    if (!row) return undefined;
    return {
      attempts: row.attempts,
      roundAttempts: row.round_attempts,
      round: row.round,
      deliveryStatus: row.delivery_status,
      claimedBy: row.claimed_by,
    };
  }

  async insertAttempt(
    eventId: string,
    attempt: number,
    url: string,
    result: AttemptResult,
    transaction: Transaction,
  ): Promise<void> {
    // The customer is the event's, copied so that a customer's attempts by time are one index range.
    await this.database.execute(
      `INSERT INTO webhook_attempts (event_id, attempt_number, url, status_code, duration_ms, error, response_prefix, customer_id)
       SELECT $1, $2, $3, $4, $5, $6, $7, customer_id FROM events WHERE id = $1`,
      [eventId, attempt, url, result.statusCode, result.durationMs, result.error, result.responsePrefix ?? null],
      transaction,
    );
  }

  /** Counts an attempt and nothing else (the claim is another worker's now). */
  async countAttempt(eventId: string, attempts: number, transaction: Transaction): Promise<void> {
    await this.database.execute('UPDATE events SET attempts = $2 WHERE id = $1', [eventId, attempts], transaction);
  }

  /** Counts an attempt and lets go of the claim, leaving the state as it is (a resend's new round decides it). */
  async countAttemptAndLetGo(eventId: string, attempts: number, transaction: Transaction): Promise<void> {
    await this.database.execute(
      'UPDATE events SET attempts = $2, claimed_by = NULL, claimed_at = NULL WHERE id = $1',
      [eventId, attempts],
      transaction,
    );
  }

  async markDelivered(
    eventId: string,
    attempts: number,
    roundAttempts: number,
    transaction: Transaction,
  ): Promise<void> {
    await this.database.execute(
      "UPDATE events SET attempts = $2, round_attempts = $3, delivery_status = 'delivered', delivered_at = now(), next_attempt_at = NULL, failure_reason = NULL, claimed_by = NULL, claimed_at = NULL WHERE id = $1",
      [eventId, attempts, roundAttempts],
      transaction,
    );
  }

  /** Lets go of the claim with the next attempt's time: the lane's trigger makes it due then. */
  async scheduleRetry(
    eventId: string,
    attempts: number,
    roundAttempts: number,
    at: Date,
    transaction: Transaction,
  ): Promise<void> {
    await this.database.execute(
      'UPDATE events SET attempts = $2, round_attempts = $3, next_attempt_at = $4, claimed_by = NULL, claimed_at = NULL WHERE id = $1',
      [eventId, attempts, roundAttempts, at],
      transaction,
    );
  }

  async markFailed(
    eventId: string,
    attempts: number,
    roundAttempts: number,
    reason: string,
    transaction: Transaction,
  ): Promise<void> {
    await this.database.execute(
      "UPDATE events SET attempts = $2, round_attempts = $3, delivery_status = 'failed', next_attempt_at = NULL, failure_reason = $4, claimed_by = NULL, claimed_at = NULL WHERE id = $1",
      [eventId, attempts, roundAttempts, reason],
      transaction,
    );
  }

  /** Fails a pending event claimed by `workerId` without an attempt, with the reason (the claim is let go separately). */
  async failClaimed(eventId: string, workerId: string, reason: string): Promise<void> {
    await this.database.execute(
      "UPDATE events SET delivery_status = 'failed', next_attempt_at = NULL, failure_reason = $2, claimed_by = NULL, claimed_at = NULL WHERE id = $1 AND delivery_status = 'pending' AND claimed_by = $3",
      [eventId, reason, workerId],
    );
  }

  /** Lets go of `workerId`'s claim: due again at its time, or after `delayMs` when given. */
  async letGo(eventId: string, workerId: string, delayMs?: number): Promise<void> {
    await this.database.execute(
      `UPDATE events SET claimed_by = NULL, claimed_at = NULL,
              next_attempt_at = CASE WHEN $3::integer IS NULL THEN next_attempt_at ELSE greatest(next_attempt_at, now() + $3 * interval '1 millisecond') END
        WHERE id = $1 AND claimed_by = $2`,
      [eventId, workerId, delayMs ?? null],
    );
  }

  /** Lets go of the claims of `workerId` on events other than `heldEventIds`; returns how many. */
  async releaseUnheld(workerId: string, heldEventIds: string[]): Promise<number> {
    const { affected } = await this.database.execute(
      'UPDATE events SET claimed_by = NULL, claimed_at = NULL WHERE claimed_by = $1 AND id <> ALL ($2::text[])',
      [workerId, heldEventIds],
    );
    return affected;
  }

  /**
   * Lets go of the claims of dead workers, and of claims older than `deadAfterMs` whose worker has
   * no heartbeat at all; returns how many. One statement, reading the heartbeats in its snapshot.
   */
  async releaseAbandoned(deadWorkerIds: string[], deadAfterMs: number): Promise<number> {
    const { affected } = await this.database.execute(
      `UPDATE events e SET claimed_by = NULL, claimed_at = NULL
        WHERE e.claimed_by IS NOT NULL
          AND (e.claimed_by = ANY($1::text[])
               OR (e.claimed_at < now() - make_interval(secs => $2::double precision / 1000)
                   AND NOT EXISTS (SELECT 1 FROM worker_heartbeats h WHERE h.worker_id = e.claimed_by)))`,
      [deadWorkerIds, deadAfterMs],
    );
    return affected;
  }

  /** Writes the test event, sent once already, with its outcome. */
  async insertSentTest(event: SentTestEvent, transaction: Transaction): Promise<void> {
    await this.database.execute(
      `INSERT INTO events (id, customer_id, tenant_id, type, data, created_at, delivery_status, attempts, round_attempts, delivered_at, failure_reason)
         VALUES ($1, $2, NULL, $3, $4, $5, $6, 1, 1, CASE WHEN $6 = 'delivered' THEN now() END, $7)`,
      [
        event.id,
        event.customerId,
        event.type,
        JSON.stringify(event.data),
        event.createdAt,
        event.delivered ? 'delivered' : 'failed',
        event.failureReason,
      ],
      transaction,
    );
  }

  /**
   * Makes the customer's event pending again as a new round of the retry schedule, due after the
   * first delay (the connection's, as a new event's: see webhook_first_delay()); false when the
   * customer has no such event.
   */
  async resend(customerId: string, eventId: string, transaction: Transaction): Promise<boolean> {
    const { rows } = await this.database.execute<{ next_attempt_at: Date }>(
      `UPDATE events SET delivery_status = 'pending', round = round + 1, round_attempts = 0, next_attempt_at = now() + webhook_first_delay(),
                delivered_at = NULL, failure_reason = NULL
          WHERE id = $1 AND customer_id = $2 RETURNING next_attempt_at`,
      [eventId, customerId],
      transaction,
    );
    return rows.length > 0;
  }

  /** The customer's events with their attempts, newest first; one more than `limit` tells a next page. */
  async log(customerId: string, query: EventLogQuery): Promise<LoggedEvent[]> {
    const rows = await this.database.rows<LoggedEventRow>(
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
        query.type ?? null,
        query.status ?? null,
        query.before?.createdMicros ?? null,
        query.before?.id ?? null,
        query.onlyId ?? null,
        query.limit,
      ],
    );
    return rows.map((row) => ({
      id: row.id,
      type: row.type,
      tenantId: row.tenant_id,
      deliveryStatus: row.delivery_status,
      createdAt: row.created_at,
      createdMicros: row.created_exact,
      deliveredAt: row.delivered_at,
      nextAttemptAt: row.next_attempt_at,
      failureReason: row.failure_reason,
      livemode: row.livemode,
      attempts: row.attempts,
    }));
  }

  /** The customer's 10 newest events that failed, or are pending after a failed attempt, with the last error. */
  failingRecent(customerId: string): Promise<FailingEvent[]> {
    return this.database.rows<FailingEvent>(
      `SELECT e.id, e.type AS event, e.delivery_status AS status, e.attempts, e.failure_reason AS "failureReason", e.created_at AS "createdAt",
                (SELECT a.error FROM webhook_attempts a WHERE a.event_id = e.id ORDER BY a.attempt_number DESC LIMIT 1) AS "lastError"
           FROM events e
          WHERE e.customer_id = $1 AND (e.delivery_status = 'failed' OR (e.delivery_status = 'pending' AND e.attempts > 0))
          ORDER BY e.created_at DESC, e.id DESC LIMIT 10`,
      [customerId],
    );
  }
}
