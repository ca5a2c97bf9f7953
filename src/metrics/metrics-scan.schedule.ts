import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { PeriodicScan, ScheduledScans } from '../queue/scan-schedule';
import { MetricsScan } from './metrics-scan';

/** The name of the cron job in Nest's SchedulerRegistry. */
export const METRICS_SCAN_CRON = 'metrics-scan';

/** Its round's name and the cron's interval below, for ScheduledScans. */
export const METRICS_SCAN: PeriodicScan = { name: 'Metrics scan', everyMs: 5 * 60_000 };

/** Runs the metrics scan every 5 minutes on worker instances (ROLE worker or all): hourly reads land within 5 minutes of due. */
@Injectable()
export class MetricsScanSchedule {
  private readonly logger = new Logger('Metrics');

  constructor(
    private readonly scans: ScheduledScans,
    private readonly scan: MetricsScan,
  ) {}

  @Cron(CronExpression.EVERY_5_MINUTES, { name: METRICS_SCAN_CRON, waitForCompletion: true })
  run(): Promise<void> {
    return this.scans.tick(METRICS_SCAN, this.logger, () => this.scan.scanOnce());
  }
}
