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

  /**
   * Several jobs as a piece of SQL (graphile-worker's add_jobs), for a caller that writes its rows
   * and their jobs in ONE statement (a data-modifying CTE is atomic without a transaction, and
   * saves the round trips of one):
   * `sql` is an expression that adds the jobs and counts them, its parameters numbered from
   * `firstParam`. With `onlyIf` (an SQL condition), add_jobs is not called unless it holds (a
   * sub-select in a CASE branch runs only when the branch is taken): add_jobs notifies the workers
   * even for no jobs, and PostgreSQL makes every committing transaction that sent a NOTIFY wait
   * for the others, on one lock.
   */
  static batch(jobs: NewJob[], firstParam: number, onlyIf = 'true'): { sql: string; params: unknown[] } {
    const [task, payload, queue, runAt, maxAttempts, jobKey] = [0, 1, 2, 3, 4, 5].map(
      (offset) => `$${firstParam + offset}`,
    );
    return {
      sql: `CASE WHEN ${onlyIf} THEN (SELECT count(*)::int FROM graphile_worker.add_jobs(ARRAY(
         SELECT ROW(task, payload, queue, run_at, max_attempts, job_key, NULL, NULL)::graphile_worker.job_spec
           FROM unnest(${task}::text[], ${payload}::json[], ${queue}::text[], ${runAt}::timestamptz[], ${maxAttempts}::int[], ${jobKey}::text[])
             AS job(task, payload, queue, run_at, max_attempts, job_key)))) ELSE 0 END`,
      params: [
        jobs.map((job) => job.task),
        jobs.map((job) => JSON.stringify(job.payload)),
        jobs.map((job) => job.queue ?? null),
        jobs.map((job) => job.runAt ?? null),
        jobs.map((job) => job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS),
        jobs.map((job) => job.jobKey ?? null),
      ],
    };
  }

  /**
   * SQL: whether a job with this key (an SQL expression) is waiting or running and may still run.
   * A job the queue gave up on (after max attempts of unexpected errors) stays, but no longer counts.
   */
  static runnableJobExists(keyExpression: string): string {
    return `EXISTS (SELECT 1 FROM graphile_worker.jobs AS job WHERE job.key = ${keyExpression} AND job.attempts < job.max_attempts)`;
  }

  /** Removes a job that has not started yet (a canceled delivery), in the caller's transaction. */
  async remove(transaction: EntityManager, jobKey: string): Promise<void> {
    await transaction.query('SELECT graphile_worker.remove_job($1)', [jobKey]);
  }
}
