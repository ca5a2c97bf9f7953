import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { PeriodicScan, ScheduledScans } from '../queue/scan-schedule';
import { TokenScan } from './token-scan';

/** The name of the cron job in Nest's SchedulerRegistry. */
export const TOKEN_SCAN_CRON = 'token-scan';

/** Its round's name and the cron's interval below, for ScheduledScans. */
export const TOKEN_SCAN: PeriodicScan = { name: 'Token scan', everyMs: 5 * 60_000 };

/**
 * Runs the token scan every 5 minutes on worker instances (ROLE worker or all). Not configurable on
 * purpose: the shortest refresh window (X, 15 minutes) must span several scans, so one missed or
 * skipped scan never lets a token lapse.
 */
@Injectable()
export class TokenScanSchedule {
  private readonly logger = new Logger('TokenLifecycle');

  constructor(
    private readonly scans: ScheduledScans,
    private readonly scan: TokenScan,
  ) {}

  @Cron(CronExpression.EVERY_5_MINUTES, { name: TOKEN_SCAN_CRON, waitForCompletion: true })
  run(): Promise<void> {
    return this.scans.tick(TOKEN_SCAN, this.logger, () => this.scan.scanOnce());
  }
}
