import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { recentDeliveriesSql } from '../posts/recent-deliveries-sql';
import { JobQueue } from '../queue/job-queue';
import { LockedScanResult, runLockedScan } from '../queue/locked-scan';
import { PeriodicScheduler } from '../scheduling/periodic-scheduler';
import { COMMENT_SCAN } from '../scheduling/periodic-tasks';

export const SCAN_COMMENTS_TASK = 'scan-comments';
export const scanCommentsJobKey = (deliveryId: string) => `comment-scan:${deliveryId}`;

/** Deliveries published within this long are watched for comments. */
export const WATCHED_FOR_MS = 7 * 24 * 3600_000;
/** A delivery is read again at most this often: a modest rate, within every network's read limits. */
export const RESCAN_AFTER_MS = 5 * 60_000;
/** Deliveries read per scan, at most, and per customer, so one customer's many posts never crowd out another's. */
const BATCH = 200;
const PER_CUSTOMER = 20;

/**
 * The deliveries to read: published in the watch window, account active, not read for
 * RESCAN_AFTER_MS; each customer's least recently read first, taken in turns over the customers
 * ($1 watch window ms, $2 rescan ms, $3 per customer, $4 batch).
 */
export const COMMENT_SCAN_DUE_SQL = recentDeliveriesSql({
  columns: 'w.scanned_at, d.published_at',
  joins: `JOIN connected_accounts a ON a.id = d.account_id AND a.status = 'active'
      LEFT JOIN comment_watermarks w ON w.delivery_id = d.id`,
  publishedAfter: "now() - $1 * interval '1 millisecond'",
  due: "(w.scanned_at IS NULL OR w.scanned_at <= now() - $2 * interval '1 millisecond')",
  order: 'scanned_at NULLS FIRST, published_at DESC',
  perCustomer: '$3',
  limit: '$4',
  output: 'id, customer_id',
});

export type CommentScanResult = LockedScanResult<{ queued: string[] }>;

/**
 * Queues a `scan-comments` job for each delivery due a read, in bounded, fair batches. One instance
 * scans at a time (an advisory lock); the job key keeps a delivery from being queued twice.
 */
@Injectable()
export class CommentScan implements OnModuleInit {
  private readonly logger = new Logger('Comments');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobQueue,
    private readonly scheduler: PeriodicScheduler,
  ) {}

  onModuleInit(): void {
    this.scheduler.handle(COMMENT_SCAN, () => this.scanOnce());
  }

  /** `rescanAfterMs` 0 reads every watched delivery again (tests). */
  scanOnce(rescanAfterMs = RESCAN_AFTER_MS): Promise<CommentScanResult> {
    return runLockedScan(this.dataSource, COMMENT_SCAN.lock, async (transaction) => {
      const due = (await transaction.query(COMMENT_SCAN_DUE_SQL, [
        WATCHED_FOR_MS,
        rescanAfterMs,
        PER_CUSTOMER,
        BATCH,
      ])) as Array<{
        id: string;
      }>;
      await this.jobs.enqueueEach(
        transaction,
        due.map(({ id }) => ({
          task: SCAN_COMMENTS_TASK,
          payload: { deliveryId: id },
          jobKey: scanCommentsJobKey(id),
          maxAttempts: 1,
        })),
      );
      if (due.length) this.logger.debug({ msg: 'Queued comment reads', deliveries: due.length });
      return { queued: due.map(({ id }) => id) };
    });
  }
}
