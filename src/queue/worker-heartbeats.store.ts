import { Inject, Injectable } from '@nestjs/common';
import { Pool } from 'pg';
import { WORKER_POOL } from './worker-pool';

/**
 * worker_heartbeats, and graphile-worker's job locks, on the worker pool (WORKER_POOL), whose
 * connections are sized for graphile-worker, the heartbeats and the sweep (see createWorkerPool).
 * WorkerLiveness holds the rules.
 */
@Injectable()
export class WorkerHeartbeatsStore {
  constructor(@Inject(WORKER_POOL) private readonly pool: Pool) {}

  /** The database's time. */
  async now(): Promise<Date> {
    return (await this.pool.query<{ now: Date }>('SELECT now()')).rows[0]!.now;
  }

  /** How many workers beat, and how old the oldest beat is (seconds; null: none), for the metrics. */
  async ages(): Promise<{ workers: number; oldestSeconds: number | null }> {
    const { rows } = await this.pool.query<{ workers: number; oldestSeconds: number | null }>(
      `SELECT count(*)::int AS workers, extract(epoch FROM now() - min(beat_at))::float8 AS "oldestSeconds"
         FROM worker_heartbeats`,
    );
    return rows[0] ?? { workers: 0, oldestSeconds: null };
  }

  /** Beats for the workers named; answers the database's time of the beat. */
  async beat(workerIds: string[]): Promise<Date> {
    const { rows } = await this.pool.query<{ beat_at: Date }>(
      `INSERT INTO worker_heartbeats (worker_id, beat_at) SELECT unnest($1::text[]), now()
       ON CONFLICT (worker_id) DO UPDATE SET beat_at = now() RETURNING beat_at`,
      [workerIds],
    );
    return rows[0]!.beat_at;
  }

  /** Removes the heartbeats of the workers named (they stopped for good). */
  async remove(workerIds: string[]): Promise<void> {
    await this.pool.query('DELETE FROM worker_heartbeats WHERE worker_id = ANY($1)', [workerIds]);
  }

  /**
   * Removes the heartbeats older than `deadAfterMs`, and answers those workers with the workers
   * holding a job lock taken longer ago than that without a heartbeat (see WorkerLiveness.sweep).
   */
  async takeDead(deadAfterMs: number): Promise<string[]> {
    const { rows } = await this.pool.query<{ worker_id: string }>(
      `WITH stale AS (
         DELETE FROM worker_heartbeats WHERE beat_at < now() - make_interval(secs => $1::double precision / 1000) RETURNING worker_id
       )
       SELECT worker_id FROM stale
       UNION
       SELECT DISTINCT locked_by FROM graphile_worker.jobs j
        WHERE locked_by IS NOT NULL AND locked_at < now() - make_interval(secs => $1::double precision / 1000)
          AND NOT EXISTS (SELECT 1 FROM worker_heartbeats h WHERE h.worker_id = j.locked_by)`,
      [deadAfterMs],
    );
    return rows.map((row) => row.worker_id);
  }

  /** Frees the jobs and queues graphile-worker holds locked by the workers named. */
  async unlockJobs(workerIds: string[]): Promise<void> {
    await this.pool.query('SELECT graphile_worker.force_unlock_workers($1::text[])', [workerIds]);
  }
}
