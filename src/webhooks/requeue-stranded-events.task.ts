import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { JobQueue } from '../queue/job-queue';
import { TaskRegistry } from '../queue/task-registry';
import { DELIVER_WEBHOOK_TASK, webhookJobKey, webhookJobKeySql } from './webhook-job';

export const REQUEUE_STRANDED_EVENTS_TASK = 'requeue-stranded-events';

/**
 * The safety net under "nothing is lost": a pending event long overdue with no job left that can
 * run it (the queue gives a job up after repeated unexpected errors, such as a database outage
 * outlasting its retries) is queued again. Delivery is at least once, so this never loses or
 * breaks anything; at worst it sends an event the receiver de-duplicates.
 */
@Injectable()
export class RequeueStrandedEvents implements OnModuleInit {
  private readonly logger = new Logger('Webhooks');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly tasks: TaskRegistry,
    private readonly jobs: JobQueue,
  ) {}

  onModuleInit(): void {
    this.tasks.schedule(REQUEUE_STRANDED_EVENTS_TASK, '*/10 * * * *', async () => void (await this.run()));
  }

  /** Returns the ids of the events queued again. */
  async run(): Promise<string[]> {
    const ids = await this.dataSource.transaction(async (transaction) => {
      const stranded = (await transaction.query(
        `SELECT event.id FROM events AS event
          WHERE event.delivery_status = 'pending' AND event.next_attempt_at < now() - interval '10 minutes'
            AND NOT ${JobQueue.runnableJobExists(webhookJobKeySql('event.id'))}
          ORDER BY event.next_attempt_at LIMIT 1000
          FOR UPDATE OF event SKIP LOCKED`,
      )) as Array<{ id: string }>;
      for (const { id } of stranded) {
        await transaction.query('UPDATE events SET next_attempt_at = now() WHERE id = $1', [id]);
        await this.jobs.enqueue(transaction, { task: DELIVER_WEBHOOK_TASK, payload: { eventId: id }, jobKey: webhookJobKey(id) });
      }
      return stranded.map(({ id }) => id);
    });
    if (ids.length > 0) this.logger.warn({ msg: 'Queued stranded webhook events again', count: ids.length });
    return ids;
  }
}
