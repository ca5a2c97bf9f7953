import { Inject, Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { APP_CONFIG } from '../config/app-config';
import type { AppConfig } from '../config/app-config';
import { MetricsScan } from './metrics-scan';

/** The name of the cron job in Nest's SchedulerRegistry. */
export const METRICS_SCAN_CRON = 'metrics-scan';

/** Runs the metrics scan every 5 minutes on worker instances (ROLE worker or all): hourly reads land within 5 minutes of due. */
@Injectable()
export class MetricsScanSchedule {
  private readonly logger = new Logger('Metrics');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly scan: MetricsScan,
  ) {}

  @Cron(CronExpression.EVERY_5_MINUTES, { name: METRICS_SCAN_CRON, waitForCompletion: true })
  async run(): Promise<void> {
    if (this.config.role === 'api') return;
    try {
      await this.scan.scanOnce();
    } catch (error) {
      // The database may be down: the next scan tries again.
      this.logger.warn({ msg: 'Metrics scan failed', err: error instanceof Error ? error.message : String(error) });
    }
  }
}
