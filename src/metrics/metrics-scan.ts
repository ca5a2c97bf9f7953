import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { recentDeliveriesSql } from '../posts/recent-deliveries-sql';
import { takingTurnsSql } from '../queue/taking-turns-sql';
import { JobQueue } from '../queue/job-queue';
import { LockedScanResult, runLockedScan } from '../queue/locked-scan';
import { PeriodicScheduler } from '../scheduling/periodic-scheduler';
import { METRICS_SCAN } from '../scheduling/periodic-tasks';
import { metricsJobKey, REFRESH_METRICS_TASK, RefreshMetricsPayload } from './metrics-job';

/** At most this many reads are queued per scan, and at most PER_CUSTOMER of one customer's. */
export const METRICS_SCAN_BATCH = 200;
export const METRICS_SCAN_PER_CUSTOMER = 20;

/** A read that keeps failing is retried a few times; its schedule brings it back anyway. */
const READ_MAX_ATTEMPTS = 3;

/**
 * Posts due a background read: published in the last 30 days and never read, or due by their
 * schedule and not held back (a recent read, a network's rate limit). Each customer's most overdue
 * first, customers taking turns, so one customer's many posts never starve another's.
 * $1 now, $2 batch, $3 per customer.
 */
export const DUE_DELIVERIES_SQL = recentDeliveriesSql({
  columns: 'COALESCE(s.next_refresh_at, d.published_at) AS due_at',
  joins: "LEFT JOIN metric_snapshots s ON s.subject_kind = 'delivery' AND s.subject_id = d.id",
  publishedAfter: "$1::timestamptz - interval '30 days'",
  due: '(s.subject_id IS NULL OR (s.not_before <= $1 AND (s.next_refresh_at <= $1 OR s.fetched_at IS NULL)))',
  order: 'due_at, id',
  perCustomer: '$3',
  limit: '$2',
  output: 'id',
});

/** Accounts whose metrics were read once (on request) and are due again, customers taking turns likewise. */
export const DUE_ACCOUNTS_SQL = takingTurnsSql(
  `
    SELECT s.subject_id AS id, s.customer_id, s.next_refresh_at AS due_at
      FROM metric_snapshots s
      JOIN connected_accounts a ON a.id = s.subject_id AND a.customer_id = s.customer_id AND a.status = 'active'
     WHERE s.subject_kind = 'account' AND s.next_refresh_at <= $1 AND s.not_before <= $1`,
  { order: 'due_at, id', perCustomer: '$3', limit: '$2', output: 'id' },
);

export type MetricsScanResult = LockedScanResult<{ queued: RefreshMetricsPayload[] }>;

/**
 * Queues the background metric reads that are due, in bounded batches: one job per post or
 * account (its job key keeps a second scan from queueing it twice). The reads run in the worker;
 * the refresher's claim keeps them at most one per window whatever else reads meanwhile. Many
 * instances may scan at once: an advisory lock lets one through.
 */
@Injectable()
export class MetricsScan implements OnModuleInit {
  private readonly logger = new Logger('Metrics');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobQueue,
    private readonly scheduler: PeriodicScheduler,
  ) {}

  onModuleInit(): void {
    this.scheduler.handle(METRICS_SCAN, () => this.scanOnce());
  }

  scanOnce(now = new Date()): Promise<MetricsScanResult> {
    return runLockedScan(this.dataSource, METRICS_SCAN.lock, async (transaction) => {
      const limits = [now, METRICS_SCAN_BATCH, METRICS_SCAN_PER_CUSTOMER];
      const deliveries = (await transaction.query(DUE_DELIVERIES_SQL, limits)) as Array<{ id: string }>;
      const accounts = (await transaction.query(DUE_ACCOUNTS_SQL, limits)) as Array<{ id: string }>;
      const queued: RefreshMetricsPayload[] = [
        ...deliveries.map(({ id }) => ({ deliveryId: id })),
        ...accounts.map(({ id }) => ({ accountId: id })),
      ];
      await this.jobs.enqueueEach(
        transaction,
        queued.map((payload) => ({
          task: REFRESH_METRICS_TASK,
          payload,
          jobKey: metricsJobKey(payload),
          maxAttempts: READ_MAX_ATTEMPTS,
        })),
      );
      if (queued.length) this.logger.log({ msg: 'Queued metric reads', reads: queued.length });
      return { queued };
    });
  }
}
