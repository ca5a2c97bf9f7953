import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

/** graphile-worker's own default. */
const DEFAULT_MAX_ATTEMPTS = 25;

export interface NewJob {
  /** The task that runs it (see TaskRegistry). */
  task: string;
  payload: Record<string, unknown>;
  /** Jobs in one queue run one at a time, in order (one queue per connected account). */
  queue?: string;
  runAt?: Date;
  /** A job with the same key replaces the waiting one (so a delivery is never queued twice). */
  jobKey?: string;
  maxAttempts?: number;
}

/**
 * Enqueues jobs in graphile-worker's tables through the caller's transaction: a job exists exactly
 * when the rows it works on were committed, so nothing accepted is lost and nothing runs for a
 * change that rolled back.
 */
@Injectable()
export class JobQueue {
  async enqueue(transaction: EntityManager, job: NewJob): Promise<void> {
    await transaction.query(
      'SELECT graphile_worker.add_job($1, $2::json, queue_name => $3, run_at => $4, max_attempts => $5, job_key => $6)',
      [
        job.task,
        JSON.stringify(job.payload),
        job.queue ?? null,
        job.runAt ?? null,
        job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        job.jobKey ?? null,
      ],
    );
  }

  /** Each job in turn, through the caller's transaction (as `enqueue`). */
  async enqueueEach(transaction: EntityManager, jobs: NewJob[]): Promise<void> {
    for (const job of jobs) await this.enqueue(transaction, job);
  }
}
