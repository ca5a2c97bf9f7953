import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { Database, LockedScanResult } from '../database';
import { JobQueue } from '../queue';
import { PeriodicScheduler } from '../scheduling';
import { COMMENT_SCAN } from '../scheduling';
import { CommentsStore } from './comments.store';

export const SCAN_COMMENTS_TASK = 'scan-comments';
export const scanCommentsJobKey = (deliveryId: string) => `comment-scan:${deliveryId}`;

/** Deliveries published within this long are watched for comments. */
export const WATCHED_FOR_MS = 7 * 24 * 3600_000;
/** A delivery is read again at most this often: a modest rate, within every network's read limits. */
export const RESCAN_AFTER_MS = 5 * 60_000;
/** Deliveries read per scan, at most, and per customer, so one customer's many posts never crowd out another's. */
const BATCH = 200;
const PER_CUSTOMER = 20;

export type CommentScanResult = LockedScanResult<{ queued: string[] }>;

/**
 * Queues a `scan-comments` job for each delivery due a read, in bounded, fair batches. One instance
 * scans at a time (an advisory lock); the job key keeps a delivery from being queued twice.
 */
@Injectable()
export class CommentScan implements OnModuleInit {
  private readonly logger = new Logger('Comments');

  constructor(
    private readonly database: Database,
    private readonly comments: CommentsStore,
    private readonly jobs: JobQueue,
    private readonly scheduler: PeriodicScheduler,
  ) {}

  onModuleInit(): void {
    this.scheduler.handle(COMMENT_SCAN, () => this.scanOnce());
  }

  /** `rescanAfterMs` 0 reads every watched delivery again (tests). */
  scanOnce(rescanAfterMs = RESCAN_AFTER_MS): Promise<CommentScanResult> {
    return this.database.lockedScan(COMMENT_SCAN.lock, async (transaction) => {
      const due = await this.comments.dueForScan(
        { watchedForMs: WATCHED_FOR_MS, rescanAfterMs, perCustomer: PER_CUSTOMER, batch: BATCH },
        transaction,
      );
      await this.jobs.enqueueEach(
        transaction,
        due.map((id) => ({
          task: SCAN_COMMENTS_TASK,
          payload: { deliveryId: id },
          jobKey: scanCommentsJobKey(id),
          maxAttempts: 1,
        })),
      );
      if (due.length) this.logger.debug({ msg: 'Queued comment reads', deliveries: due.length });
      return { queued: due };
    });
  }
}
