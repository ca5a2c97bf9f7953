import { Logger } from '@nestjs/common';
import { runMigrations } from 'graphile-worker';
import { Pool } from 'pg';
import { AppConfig } from '../config';

/** DI token of the pg pool graphile-worker uses (it needs LISTEN/NOTIFY and its own connections). */
export const WORKER_POOL = Symbol('WORKER_POOL');

/** The pool behind WORKER_POOL, as graphile-worker takes it (pg's Pool). */
export type WorkerPool = Pool;

/** The pool for the job queue; graphile-worker's own schema is migrated before anything enqueues. */
export async function createWorkerPool(config: AppConfig): Promise<WorkerPool> {
  const pool = new Pool({
    connectionString: config.database.url,
    // graphile-worker's few slots, its LISTEN, the heartbeats and the sweep.
    max: 8,
    connectionTimeoutMillis: 3_000,
    // The queue's own bookkeeping (taking, completing, failing jobs) need not wait for the disk: if
    // PostgreSQL crashed and lost the last moments of it, a job would only run again, and every
    // task is safe to run again (a delivery's state, written durably on the other pool, decides).
    // Jobs are added on that other pool, in the caller's transaction, so they stay durable.
    options: '-c synchronous_commit=off -c plan_cache_mode=force_generic_plan',
  });
  // An idle connection dropped by a database restart must not crash the process; the pool reconnects.
  const lost = (error: Error) => new Logger('Worker').warn({ msg: 'Job queue connection lost', err: error.message });
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
  await runMigrations({ pgPool: pool, logger: undefined });
  return pool;
}
