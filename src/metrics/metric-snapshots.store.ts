import { Injectable } from '@nestjs/common';
import { Database } from '../database';
import type { Transaction } from '../database';
import type { MetricReading } from '../networks';
import { DUE_ACCOUNTS_SQL, DUE_DELIVERIES_SQL } from './metric-snapshots.sql';

/** What a snapshot is of: a published delivery's post, or a connected account. */
export type MetricSubject = 'delivery' | 'account';

export interface MetricSnapshot {
  metrics: MetricReading | null;
  fetchedAt: Date | null;
  /** The last refresh's failure (rate limited, network down), cleared by the next success. */
  lastError: string | null;
}

interface SnapshotRow {
  metrics: MetricReading | null;
  fetched_at: Date | null;
  last_error: string | null;
}

/** How many subjects a background scan takes: at most `batch` in all and `perCustomer` of one customer's. */
export interface ScanLimits {
  batch: number;
  perCustomer: number;
}

/**
 * The latest metrics per delivery and per account (metric_snapshots), the claims that keep
 * reading them from the networks rare (a read is made only by whoever moves `not_before` forward,
 * so concurrent requests and workers call the network at most once per window), and the scan's
 * choice of what is due.
 */
@Injectable()
export class MetricSnapshotsStore {
  constructor(private readonly database: Database) {}

  async find(subject: MetricSubject, subjectId: string, customerId: string): Promise<MetricSnapshot | undefined> {
    const [row] = await this.database.rows<SnapshotRow>(
      `SELECT metrics, fetched_at, last_error FROM metric_snapshots
        WHERE subject_kind = $1 AND subject_id = $2 AND customer_id = $3`,
      [subject, subjectId, customerId],
    );
    return row && { metrics: row.metrics, fetchedAt: row.fetched_at, lastError: row.last_error };
  }

  /**
   * Takes the right to read the subject's metrics now, if nobody read them since `not_before`;
   * the next read is then allowed at `nextAllowed`. False when another request or worker has it.
   */
  async claim(
    subject: MetricSubject,
    subjectId: string,
    customerId: string,
    now: Date,
    nextAllowed: Date,
  ): Promise<boolean> {
    const rows = await this.database.rows<unknown>(
      `INSERT INTO metric_snapshots (subject_kind, subject_id, customer_id, not_before)
       VALUES ($1, $2, $3, $5)
       ON CONFLICT (subject_kind, subject_id) DO UPDATE SET not_before = EXCLUDED.not_before
        WHERE metric_snapshots.not_before <= $4 AND metric_snapshots.customer_id = EXCLUDED.customer_id
       RETURNING 1`,
      [subject, subjectId, customerId, now, nextAllowed],
    );
    return rows.length > 0;
  }

  /** Stores a reading, and when the background refresh should read it next (null: no more). */
  async saveReading(
    subject: MetricSubject,
    subjectId: string,
    reading: MetricReading,
    fetchedAt: Date,
    nextRefreshAt: Date | null,
  ): Promise<void> {
    await this.database.execute(
      `UPDATE metric_snapshots SET metrics = $3, fetched_at = $4, next_refresh_at = $5, last_error = NULL
        WHERE subject_kind = $1 AND subject_id = $2`,
      [subject, subjectId, JSON.stringify(reading), fetchedAt, nextRefreshAt],
    );
  }

  /**
   * Records a failed read; the cached metrics stay. `retryAt` (a network's rate limit) pushes the
   * next read, on request or in the background, to then at the earliest.
   */
  async saveFailure(
    subject: MetricSubject,
    subjectId: string,
    message: string,
    retryAt: Date | undefined,
    nextRefreshAt: Date | null,
  ): Promise<void> {
    await this.database.execute(
      `UPDATE metric_snapshots
          SET last_error = $3, next_refresh_at = $5,
              not_before = CASE WHEN $4::timestamptz > not_before THEN $4::timestamptz ELSE not_before END
        WHERE subject_kind = $1 AND subject_id = $2`,
      [subject, subjectId, message, retryAt ?? null, nextRefreshAt],
    );
  }

  /**
   * Published deliveries due a background read (never read, or due by their schedule and not held
   * back), each customer's most overdue first, customers taking turns.
   */
  async dueDeliveries(now: Date, limits: ScanLimits, transaction: Transaction): Promise<string[]> {
    const rows = await this.database.rows<{ id: string }>(
      DUE_DELIVERIES_SQL,
      [now, limits.batch, limits.perCustomer],
      transaction,
    );
    return rows.map(({ id }) => id);
  }

  /** Active accounts read once (on request) and due again by their schedule, customers taking turns. */
  async dueAccounts(now: Date, limits: ScanLimits, transaction: Transaction): Promise<string[]> {
    const rows = await this.database.rows<{ id: string }>(
      DUE_ACCOUNTS_SQL,
      [now, limits.batch, limits.perCustomer],
      transaction,
    );
    return rows.map(({ id }) => id);
  }
}
