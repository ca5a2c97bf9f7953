import { Injectable } from '@nestjs/common';
import type { Transaction } from '../database';
import { JobRow, QueueStore } from './queue.store';

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
  constructor(private readonly store: QueueStore) {}

  async enqueue(transaction: Transaction, job: NewJob): Promise<void> {
    await this.store.addJob(this.row(job), transaction);
  }

  /** A job on its own, when no rows change with it (a periodic job, a retry at a later time). */
  async enqueueAlone(job: NewJob): Promise<void> {
    await this.store.addJob(this.row(job));
  }

  /** Each job in turn, through the caller's transaction (as `enqueue`). */
  async enqueueEach(transaction: Transaction, jobs: NewJob[]): Promise<void> {
    for (const job of jobs) await this.enqueue(transaction, job);
  }

  private row(job: NewJob): JobRow {
    return {
      task: job.task,
      payload: JSON.stringify(job.payload),
      queue: job.queue ?? null,
      runAt: job.runAt ?? null,
      maxAttempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      jobKey: job.jobKey ?? null,
    };
  }
}
