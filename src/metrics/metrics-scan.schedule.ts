import { Inject, Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { APP_CONFIG } from '../config/app-config';
import type { AppConfig } from '../config/app-config';
import { runScheduledScan } from '../queue/scan-schedule';
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
  run(): Promise<void> {
    return runScheduledScan(this.config, this.logger, 'Metrics scan', () => this.scan.scanOnce());
  }
}
