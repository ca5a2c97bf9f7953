import { Injectable } from '@nestjs/common';
import { Database } from '../../database';
import { afterCursorSql, createdMicrosSql, PageCursor } from '../../common/http/page-cursor';
import type { LoggedNetworkCall } from '../../observability';
import { ATTEMPTS_KEPT, withAttemptRow } from './attempt-rows.sql';
import type { AttemptOutcome, AttemptRow, ReachedCheckpoint, WaitReason } from './attempt-trace';

/** An attempt as read back, with what the rows around it say. */
export interface StoredAttempt {
  id: string;
  number: number;
  workerId: string;
  resuming: boolean;
  startedAt: Date;
  endedAt: Date;
  outcome: AttemptOutcome;
  errorCode: string | null;
  errorMessage: string | null;
  waitReason: WaitReason | null;
  nextAttemptAt: Date | null;
  networkResetAt: Date | null;
  calls: LoggedNetworkCall[];
  /** Times as the JSON keeps them (ISO text). */
  checkpoints: (Omit<ReachedCheckpoint, 'at'> & { at: string })[];
  /** Attempts counted before this one that left no row (their worker stopped, or lost its claim). */
  unfinishedBefore: number;
  createdMicros: string;
}

type AttemptRead = Omit<StoredAttempt, 'unfinishedBefore'> & { previousNumber: number | null; kept: string };

const COLUMNS = `id, number, worker_id AS "workerId", resuming, started_at AS "startedAt", ended_at AS "endedAt", outcome,
  error_code AS "errorCode", error_message AS "errorMessage", wait_reason AS "waitReason",
  next_attempt_at AS "nextAttemptAt", network_reset_at AS "networkResetAt", calls, checkpoints, created_at,
  ${createdMicrosSql('created_at')} AS "createdMicros",
  lag(number) OVER (ORDER BY created_at, id) AS "previousNumber", count(*) OVER () AS kept`;

/** The delivery_attempts table: each finished attempt's trace (written with the delivery's state; see DeliveriesStore). */
@Injectable()
export class DeliveryAttemptsStore {
  constructor(private readonly database: Database) {}

  /** An attempt's row on its own (an attempt stopped by our own error: no state change to ride with). */
  async insert(row: AttemptRow): Promise<void> {
    const { sql, params } = withAttemptRow('SELECT 1', [], row);
    await this.database.execute(sql, params);
  }

  /** The delivery's attempts, oldest first, after `cursor`: `limit` of them at most. */
  async page(deliveryId: string, cursor: PageCursor | undefined, limit: number): Promise<StoredAttempt[]> {
    // The window functions see every kept attempt of the delivery; the cursor filters after them.
    const rows = await this.database.rows<AttemptRead>(
      `SELECT * FROM (SELECT ${COLUMNS} FROM delivery_attempts WHERE delivery_id = $1) attempt
        ${cursor ? `WHERE ${afterCursorSql('created_at', 'id', '$3', '$4')}` : ''}
        ORDER BY created_at, id LIMIT $2`,
      [deliveryId, limit, ...(cursor ? [cursor.createdMicros, cursor.id] : [])],
    );
    return rows.map(({ previousNumber, kept, ...row }) => ({
      ...row,
      unfinishedBefore: unfinishedBefore(row.number, previousNumber, Number(kept) >= ATTEMPTS_KEPT),
    }));
  }
}

/**
 * How many attempts were counted between the previous row and this one without a row of their
 * own: the delivery's count goes up at each attempt's start, and a retry of a failed delivery
 * starts it again from 1 (a number not above the previous one). The first row kept of a delivery
 * whose oldest rows were pruned says nothing of the attempts before it.
 */
export function unfinishedBefore(number: number, previous: number | null, pruned: boolean): number {
  if (previous === null) return pruned ? 0 : Math.max(0, number - 1);
  if (number > previous) return number - previous - 1;
  return Math.max(0, number - 1);
}
