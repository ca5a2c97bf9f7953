import type { AttemptRow } from './attempt-trace';

/** Attempts kept per delivery: the oldest go when a new one is written. */
export const ATTEMPTS_KEPT = 50;

const COLUMNS =
  'id, delivery_id, number, worker_id, resuming, started_at, ended_at, outcome, error_code, error_message, ' +
  'wait_reason, next_attempt_at, network_reset_at, calls, checkpoints';

/**
 * `sql` (one statement, `WITH …` or a plain UPDATE/INSERT) with the attempt's row written by it:
 * its insert and the pruning of the delivery's oldest attempts (beyond ATTEMPTS_KEPT) as two more
 * data-modifying CTEs, which run whether or not the statement reads them. Its parameters follow
 * `params`. One statement: the row costs the delivery no extra round trip.
 */
export function withAttemptRow(
  sql: string,
  params: readonly unknown[],
  row: AttemptRow,
): { sql: string; params: unknown[] } {
  const at = (index: number) => `$${params.length + index}`;
  const ctes =
    `attempt_row AS (INSERT INTO delivery_attempts (${COLUMNS}) VALUES (` +
    `${at(1)}, ${at(2)}, ${at(3)}::integer, ${at(4)}, ${at(5)}::boolean, ${at(6)}::timestamptz, ${at(7)}::timestamptz, ` +
    `${at(8)}, ${at(9)}, ${at(10)}, ${at(11)}, ${at(12)}::timestamptz, ${at(13)}::timestamptz, ${at(14)}::jsonb, ${at(15)}::jsonb) RETURNING id), ` +
    `attempts_pruned AS (DELETE FROM delivery_attempts WHERE id IN (SELECT id FROM delivery_attempts WHERE delivery_id = ${at(2)} ` +
    `ORDER BY created_at DESC, id DESC OFFSET ${ATTEMPTS_KEPT - 1}))`;
  const statement = sql.trimStart();
  return {
    sql: /^WITH\s/i.test(statement) ? `WITH ${ctes}, ${statement.slice(5)}` : `WITH ${ctes} ${statement}`,
    params: [
      ...params,
      row.id,
      row.deliveryId,
      row.number,
      row.workerId,
      row.resuming,
      row.startedAt,
      row.endedAt,
      row.outcome,
      row.errorCode,
      row.errorMessage,
      row.waitReason,
      row.nextAttemptAt,
      row.networkResetAt,
      JSON.stringify(row.calls),
      JSON.stringify(row.checkpoints),
    ],
  };
}
