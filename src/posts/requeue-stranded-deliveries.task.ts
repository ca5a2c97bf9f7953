import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { accountQueue } from '../queue/account-queue';
import { JobQueue } from '../queue/job-queue';
import { TaskRegistry } from '../queue/task-registry';
import { PUBLISH_DELIVERY_TASK } from './publish-job';

export const REQUEUE_STRANDED_DELIVERIES_TASK = 'requeue-stranded-deliveries';

/**
 * The safety net under "nothing accepted is lost": a delivery still to publish, untouched for 10
 * minutes, with no job left that can run it (the queue gives a job up after repeated unexpected
 * errors) is queued again. Safe by construction: the publish task claims a delivery only in a
 * state that allows it, and one found `publishing` looks on the network before posting again.
 */
@Injectable()
export class RequeueStrandedDeliveries implements OnModuleInit {
  private readonly logger = new Logger('Publish');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly tasks: TaskRegistry,
    private readonly jobs: JobQueue,
  ) {}

  onModuleInit(): void {
    this.tasks.schedule(REQUEUE_STRANDED_DELIVERIES_TASK, '*/10 * * * *', async () => void (await this.run()));
  }

  /** Returns the ids of the deliveries queued again. */
  async run(): Promise<string[]> {
    const ids = await this.dataSource.transaction(async (transaction) => {
      const stranded = (await transaction.query(
        `SELECT delivery.id, delivery.account_id, CASE WHEN post.scheduled_at > now() THEN post.scheduled_at END AS run_at
           FROM deliveries AS delivery JOIN posts AS post ON post.id = delivery.post_id
          WHERE delivery.status IN ('scheduled', 'pending', 'publishing') AND delivery.updated_at < now() - interval '10 minutes'
            AND NOT ${JobQueue.runnableJobExists('delivery.id')}
          ORDER BY delivery.updated_at LIMIT 1000
          FOR UPDATE OF delivery SKIP LOCKED`,
      )) as Array<{ id: string; account_id: string; run_at: Date | null }>;
      for (const delivery of stranded) {
        await transaction.query('UPDATE deliveries SET updated_at = now() WHERE id = $1', [delivery.id]);
        await this.jobs.enqueue(transaction, {
          task: PUBLISH_DELIVERY_TASK,
          payload: { deliveryId: delivery.id },
          queue: accountQueue(delivery.account_id),
          // A scheduled post still waits for its time.
          runAt: delivery.run_at ?? undefined,
          jobKey: delivery.id,
        });
      }
      return stranded.map(({ id }) => id);
    });
    if (ids.length > 0) this.logger.warn({ msg: 'Queued stranded deliveries again', count: ids.length });
    return ids;
  }
}
