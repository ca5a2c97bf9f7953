import { Inject, Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { APP_CONFIG } from '../config/app-config';
import type { AppConfig } from '../config/app-config';
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
  async run(): Promise<void> {
    // API-only instances serve HTTP; keeping tokens alive is background work, like the jobs.
    if (this.config.role === 'api') return;
    try {
      const result = await this.scan.scanOnce();
      if (!result.ran) this.logger.debug('Token scan skipped: another instance is scanning');
    } catch (error) {
      // The database may be down: the next scan, 5 minutes later, tries again.
      this.logger.warn({ msg: 'Token scan failed', err: error instanceof Error ? error.message : String(error) });
    }
  }
}
