import { Inject, Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { APP_CONFIG } from '../config/app-config';
import type { AppConfig } from '../config/app-config';
import { runScheduledScan } from '../queue/scan-schedule';
import { CommentScan } from './comment-scan';

/** The cron job's name in Nest's SchedulerRegistry. */
export const COMMENT_SCAN_CRON = 'comment-scan';

/** Runs the comment scan every minute on worker instances; each delivery is read at most every 5 minutes. */
@Injectable()
export class CommentScanSchedule {
  private readonly logger = new Logger('Comments');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly scan: CommentScan,
  ) {}

  @Cron(CronExpression.EVERY_MINUTE, { name: COMMENT_SCAN_CRON, waitForCompletion: true })
  run(): Promise<void> {
    return runScheduledScan(this.config, this.logger, 'Comment scan', () => this.scan.scanOnce());
  }
}
