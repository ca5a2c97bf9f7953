import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { Database, LockedScanResult } from '../database';
import { JobQueue } from '../queue';
import { PeriodicScheduler } from '../scheduling';
import { METRICS_SCAN } from '../scheduling';
import { MetricSnapshotsStore } from './metric-snapshots.store';
import { metricsJobKey, REFRESH_METRICS_TASK, RefreshMetricsPayload } from './metrics-job';

/** At most this many reads are queued per scan, and at most PER_CUSTOMER of one customer's. */
export const METRICS_SCAN_BATCH = 200;
export const METRICS_SCAN_PER_CUSTOMER = 20;

/** A read that keeps failing is retried a few times; its schedule brings it back anyway. */
const READ_MAX_ATTEMPTS = 3;

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
    private readonly database: Database,
    private readonly snapshots: MetricSnapshotsStore,
    private readonly jobs: JobQueue,
    private readonly scheduler: PeriodicScheduler,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.scheduler.handle(METRICS_SCAN, () => this.scanOnce());
  }

  /** Queues the reads due at `now` (the clock's time; a test may look ahead). */
  scanOnce(now: Date = this.clock.now()): Promise<MetricsScanResult> {
    return this.database.lockedScan(METRICS_SCAN.lock, async (transaction) => {
      const limits = { batch: METRICS_SCAN_BATCH, perCustomer: METRICS_SCAN_PER_CUSTOMER };
      const deliveries = await this.snapshots.dueDeliveries(now, limits, transaction);
      const accounts = await this.snapshots.dueAccounts(now, limits, transaction);
      const queued: RefreshMetricsPayload[] = [
        ...deliveries.map((id) => ({ deliveryId: id })),
        ...accounts.map((id) => ({ accountId: id })),
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
