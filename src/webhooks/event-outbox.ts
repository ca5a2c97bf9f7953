import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../config/app-config';
import type { AppConfig } from '../config/app-config';
import { EntityManager } from 'typeorm';
import { newId } from '../common/ids';
import { JobQueue } from '../queue/job-queue';
import { EventData, EventType } from './event-types';
import { DELIVER_WEBHOOK_TASK, webhookJobKey } from './webhook-job';

export interface NewEvent<T extends EventType> {
  customerId: string;
  tenantId: string;
  type: T;
  data: EventData[T];
}

/**
 * Records events in the outbox. It always writes through the caller's transaction: an event exists
 * exactly when the change it reports was committed, and so does the job that delivers it. A
 * customer without an enabled webhook endpoint gets the event recorded as `skipped` (it can be
 * re-sent once an endpoint is set), and no job.
 */
@Injectable()
export class EventOutbox {
  constructor(
    private readonly jobs: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Returns the new event's id. */
  async record<T extends EventType>(transaction: EntityManager, event: NewEvent<T>): Promise<string> {
    const id = newId('event');
    // The schedule's first entry is the delay before the first attempt (usually 0: at once).
    const firstDelayMs = this.config.webhooks.retryScheduleMs[0] ?? 0;
    const [row] = (await transaction.query(
      `INSERT INTO events (id, customer_id, tenant_id, type, data, delivery_status, next_attempt_at)
       SELECT $1, $2, $3, $4, $5, status, CASE WHEN status = 'pending' THEN now() + $6 * interval '1 millisecond' END
         FROM (SELECT CASE WHEN EXISTS (SELECT 1 FROM webhook_endpoints WHERE customer_id = $2 AND disabled_at IS NULL)
                           THEN 'pending' ELSE 'skipped' END AS status) AS endpoint
       RETURNING delivery_status`,
      [id, event.customerId, event.tenantId, event.type, JSON.stringify(event.data), firstDelayMs],
    )) as Array<{ delivery_status: string }>;
    if (row?.delivery_status === 'pending') {
      await this.jobs.enqueue(transaction, {
        task: DELIVER_WEBHOOK_TASK,
        payload: { eventId: id },
        jobKey: webhookJobKey(id),
        runAt: firstDelayMs > 0 ? new Date(Date.now() + firstDelayMs) : undefined,
      });
    }
    return id;
  }
}
