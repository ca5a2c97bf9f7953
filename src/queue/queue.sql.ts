/**
 * SQL fragments over the queue's tables (publish_lanes, worker_heartbeats) for the statements of
 * other stores that must check a claim in the same statement as their own write (a worker taken
 * for dead writes nothing). Constants and builders only: the statements run in their stores.
 */

/**
 * True when worker `worker` holds the lane that `held` picks (a condition on publish_lanes `l`,
 * such as `l.account_id = d.account_id`) and its heartbeat is younger than `freshMs` milliseconds.
 * Every argument is SQL (a column or a parameter such as `$2`).
 */
export function claimHeldSql(held: string, worker: string, freshMs: string): string {
  return `EXISTS (
  SELECT 1 FROM publish_lanes l JOIN worker_heartbeats h ON h.worker_id = l.claimed_by
   WHERE ${held} AND l.claimed_by = ${worker}
     AND h.beat_at > now() - ${freshMs} * interval '1 millisecond')`;
}

/** True when worker `worker` (SQL: a column) has no heartbeat at all: it never beat, or was swept as dead. */
export function noHeartbeatSql(worker: string): string {
  return `NOT EXISTS (SELECT 1 FROM worker_heartbeats h WHERE h.worker_id = ${worker})`;
}
