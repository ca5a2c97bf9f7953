import { Injectable } from '@nestjs/common';
import { Database } from '../database';
import type { Transaction } from '../database';

/** A graphile-worker job as its add_job() takes it (see JobQueue for what each field means). */
export interface JobRow {
  task: string;
  payload: string;
  queue: string | null;
  runAt: Date | null;
  maxAttempts: number;
  jobKey: string | null;
}

/** Who holds an account's publishing lane (null: nobody), and for which delivery (null: none, or not a publishing hold). */
export interface LaneHold {
  accountId: string;
  claimedBy: string | null;
  deliveryId: string | null;
}

const LANE_HOLDS = `SELECT account_id AS "accountId", claimed_by AS "claimedBy", delivery_id AS "deliveryId"
  FROM publish_lanes WHERE account_id = ANY($1::text[]) ORDER BY account_id`;

/**
 * The queue's tables: publish_lanes (an account's lane and who holds it) and graphile-worker's
 * jobs. queue_customers is kept by the database's own triggers and functions (claim_deliveries,
 * release_lane), never written here; worker_heartbeats is written through the worker pool
 * (WorkerHeartbeatsStore) and read here only to find lanes nobody beats for.
 */
@Injectable()
export class QueueStore {
  constructor(private readonly database: Database) {}

  /**
   * The publishing lane's backlog for the metrics: accounts with a due delivery that nobody
   * publishes for yet, and since when the oldest is due. Reads publish_lanes_free_idx (one entry per
   * account with unclaimed open work), never the deliveries.
   */
  async publishBacklog(): Promise<{ due: number; oldestDueAt: Date | null }> {
    const [row] = await this.database.rows<{ due: number; oldestDueAt: Date | null }>(
      `SELECT count(*)::int AS due, min(due_at) AS "oldestDueAt"
         FROM publish_lanes WHERE claimed_by IS NULL AND due_at IS NOT NULL AND due_at <= now()`,
      [],
    );
    return row ?? { due: 0, oldestDueAt: null };
  }

  /**
   * graphile-worker's jobs that are due and free to take, for the metrics: a range of
   * jobs_main_index (priority, run_at; available jobs only). Every job is added at graphile's
   * default priority 0 (addJob names none); without the priority the index cannot be ranged and
   * the table is read whole.
   */
  async jobBacklog(): Promise<{ due: number; oldestDueAt: Date | null }> {
    const [row] = await this.database.rows<{ due: number; oldestDueAt: Date | null }>(
      `SELECT count(*)::int AS due, min(run_at) AS "oldestDueAt"
         FROM graphile_worker._private_jobs WHERE is_available = true AND priority = 0 AND run_at <= now()`,
      [],
    );
    return row ?? { due: 0, oldestDueAt: null };
  }

  /** Takes the account's lane for `workerId` unless someone holds it; true when taken. */
  async takeLane(accountId: string, customerId: string, workerId: string): Promise<boolean> {
    const taken = await this.database.rows<{ account_id: string }>(
      `INSERT INTO publish_lanes AS lane (account_id, customer_id, claimed_by, claimed_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (account_id) DO UPDATE SET claimed_by = excluded.claimed_by, claimed_at = now() WHERE lane.claimed_by IS NULL
       RETURNING account_id`,
      [accountId, customerId, workerId],
    );
    return taken.length > 0;
  }

  /** Lets go of the account's lane held by `workerId` (release_lane: its next due delivery becomes claimable). */
  async releaseLane(accountId: string, workerId: string): Promise<void> {
    await this.database.rows('SELECT release_lane($1, $2)', [accountId, workerId]);
  }

  /**
   * Lets go of the publishing lanes held by the workers named, and of those claimed longer than
   * `deadAfterMs` ago by a worker with no heartbeat at all (see WorkLane.releaseAbandoned). Answers how many.
   */
  async releaseAbandonedLanes(deadWorkerIds: string[], deadAfterMs: number): Promise<number> {
    const released = await this.database.rows(
      `SELECT release_lane(lane.account_id, lane.claimed_by) FROM publish_lanes lane
        WHERE lane.claimed_by IS NOT NULL
          AND (lane.claimed_by = ANY($1::text[])
               OR (lane.claimed_at < now() - make_interval(secs => $2::double precision / 1000)
                   AND NOT EXISTS (SELECT 1 FROM worker_heartbeats h WHERE h.worker_id = lane.claimed_by)))
        ORDER BY lane.account_id`,
      [deadWorkerIds, deadAfterMs],
    );
    return released.length;
  }

  /**
   * Lets go of the publishing lanes `workerId` holds for a delivery on accounts other than
   * `heldAccountIds` (see WorkLane.releaseUnheld). Holds taken outside publishing (AccountLanes)
   * name no delivery and stay. Answers how many.
   */
  async releaseUnheldLanes(workerId: string, heldAccountIds: string[]): Promise<number> {
    const released = await this.database.rows(
      `SELECT release_lane(lane.account_id, lane.claimed_by) FROM publish_lanes lane
        WHERE lane.claimed_by = $1 AND lane.delivery_id IS NOT NULL AND lane.account_id <> ALL ($2::text[])
        ORDER BY lane.account_id`,
      [workerId, heldAccountIds],
    );
    return released.length;
  }

  /**
   * Locks the accounts' publishing lanes (in account order, as every other taker of several goes)
   * until `transaction` ends, and answers who holds each and for which delivery. While they are
   * locked nobody can claim a delivery on them: claim_deliveries skips a locked lane, and letting go
   * of one (release_lane) waits. So a check of the claims made here stays true until the caller
   * commits, which is how an edit of a post never races its publishing. An account with no lane row
   * has never had a due delivery, so nothing on it can be claimed either.
   */
  async lockLanes(accountIds: string[], transaction: Transaction): Promise<LaneHold[]> {
    return this.database.rows<LaneHold>(`${LANE_HOLDS} FOR UPDATE`, [accountIds], transaction);
  }

  /** Who holds the accounts' lanes now, without a lock (a dry run: the answer may change at once). */
  async laneHolds(accountIds: string[]): Promise<LaneHold[]> {
    return this.database.rows<LaneHold>(LANE_HOLDS, [accountIds]);
  }

  /** Adds a graphile-worker job, in `transaction` when given (committed with the caller's rows). */
  async addJob(job: JobRow, transaction?: Transaction): Promise<void> {
    await this.database.rows(
      'SELECT graphile_worker.add_job($1, $2::json, queue_name => $3, run_at => $4, max_attempts => $5, job_key => $6)',
      [job.task, job.payload, job.queue, job.runAt, job.maxAttempts, job.jobKey],
      transaction,
    );
  }
}
