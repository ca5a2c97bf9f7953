import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { newId } from '../common/ids';
import { APP_CONFIG } from '../config/app-config';
import type { AppConfig } from '../config/app-config';
import { PreparedStatements } from '../database/prepared-statements';
import { JobQueue } from '../queue/job-queue';
import { EventData, EventType } from './event-types';
import { DELIVER_WEBHOOK_TASK, webhookJobKey } from './webhook-job';

export interface NewEvent<T extends EventType> {
  customerId: string;
  tenantId: string;
  type: T;
  data: EventData[T];
}

/** A data-modifying statement with RETURNING, to run in the same statement as the event it causes. */
export interface Change {
  sql: string;
  params: unknown[];
}

/**
 * Records events in the outbox, always in the same statement or transaction as the change they
 * report: an event exists exactly when that change was committed, and so does the job that
 * delivers it. A customer without an enabled webhook endpoint gets the event recorded as
 * `skipped` (it can be resent once an endpoint is set), and no job.
 */
@Injectable()
export class EventOutbox {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly statements: PreparedStatements,
  ) {}

  /**
   * Records the event through `runner` (a transaction, or the data source's manager for one atomic
   * statement). With `change`, the change is made in that same statement. Returns the event's id.
   */
  async record<T extends EventType>(runner: EntityManager, event: NewEvent<T>, change?: Change): Promise<string> {
    const id = newId('event');
    const changeParams = change?.params ?? [];
    const first = changeParams.length + 1;
    const p = (offset: number) => `$${first + offset}`;
    // The schedule's first entry is the delay before the first attempt (usually 0: at once).
    const firstDelayMs = this.config.webhooks.retryScheduleMs[0] ?? 0;
    const job = JobQueue.batch(
      [{ task: DELIVER_WEBHOOK_TASK, payload: { eventId: id }, jobKey: webhookJobKey(id), runAt: firstDelayMs > 0 ? new Date(Date.now() + firstDelayMs) : undefined }],
      first + 6,
      "(SELECT status FROM endpoint) = 'pending'",
    );
    await this.statements.query(
      `WITH ${change ? `change AS (${change.sql}),` : ''}
       endpoint AS (
         SELECT CASE WHEN EXISTS (SELECT 1 FROM webhook_endpoints WHERE customer_id = ${p(1)} AND disabled_at IS NULL) THEN 'pending' ELSE 'skipped' END AS status
       ), inserted AS (
         INSERT INTO events (id, customer_id, tenant_id, type, data, delivery_status, next_attempt_at)
         SELECT ${p(0)}, ${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, status, CASE WHEN status = 'pending' THEN now() + ${p(5)} * interval '1 millisecond' END FROM endpoint
         RETURNING id
       ), queued AS (
         SELECT ${job.sql} AS jobs
       )
       SELECT (SELECT count(*) FROM inserted) AS events, (SELECT jobs FROM queued) AS jobs`,
      [...changeParams, id, event.customerId, event.tenantId, event.type, JSON.stringify(event.data), firstDelayMs, ...job.params],
      runner,
    );
    return id;
  }
}
