import { Inject, Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { APP_CONFIG } from '../config/app-config';
import type { AppConfig } from '../config/app-config';
import { runScheduledScan } from '../queue/scan-schedule';
import { TokenScan } from './token-scan';

/** The name of the cron job in Nest's SchedulerRegistry. */
export const TOKEN_SCAN_CRON = 'token-scan';

/**
 * Runs the token scan every 5 minutes on worker instances (ROLE worker or all). Not configurable on
 * purpose: the shortest refresh window (X, 15 minutes) must span several scans, so one missed or
 * skipped scan never lets a token lapse.
 */
@Injectable()
export class TokenScanSchedule {
  private readonly logger = new Logger('TokenLifecycle');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly scan: TokenScan,
  ) {}

  @Cron(CronExpression.EVERY_5_MINUTES, { name: TOKEN_SCAN_CRON, waitForCompletion: true })
  run(): Promise<void> {
    return runScheduledScan(this.config, this.logger, 'Token scan', () => this.scan.scanOnce());
  }
}
