import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts';
import { ClockModule } from '../common/clock/clock.module';
import { DatabaseModule } from '../database';
import { NetworksModule } from '../networks';
import { PostsModule } from '../posts';
import { SchedulingModule } from '../scheduling';
import { MetricSnapshotsStore } from './metric-snapshots.store';
import { MetricsController } from './metrics.controller';
import { MetricsRefresher } from './metrics-refresher';
import { MetricsScan } from './metrics-scan';
import { RefreshMetricsTask } from './refresh-metrics.task';
import { MetricsService } from './metrics.service';
import { QueueModule } from '../queue';

/**
 * Post and account metrics read from the networks, cached in metric_snapshots: on request (at most
 * once per 5 minutes each) and in the background (a scan every 5 minutes queues the reads due).
 */
@Module({
  imports: [QueueModule, DatabaseModule, AccountsModule, NetworksModule, SchedulingModule, ClockModule, PostsModule],
  controllers: [MetricsController],
  providers: [MetricSnapshotsStore, MetricsRefresher, MetricsService, MetricsScan, RefreshMetricsTask],
  exports: [MetricsService, MetricsScan],
})
export class MetricsModule {}
