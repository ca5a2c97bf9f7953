import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { PeriodicScan, ScheduledScans } from '../queue/scan-schedule';
import { CommentScan } from './comment-scan';

/** The cron job's name in Nest's SchedulerRegistry. */
export const COMMENT_SCAN_CRON = 'comment-scan';

/** Its round's name and the cron's interval below, for ScheduledScans. */
export const COMMENT_SCAN: PeriodicScan = { name: 'Comment scan', everyMs: 60_000 };

/** Runs the comment scan every minute on worker instances; each delivery is read at most every 5 minutes. */
@Injectable()
export class CommentScanSchedule {
  private readonly logger = new Logger('Comments');

  constructor(
    private readonly scans: ScheduledScans,
    private readonly scan: CommentScan,
  ) {}

  @Cron(CronExpression.EVERY_MINUTE, { name: COMMENT_SCAN_CRON, waitForCompletion: true })
  run(): Promise<void> {
    return this.scans.tick(COMMENT_SCAN, this.logger, () => this.scan.scanOnce());
  }
}
