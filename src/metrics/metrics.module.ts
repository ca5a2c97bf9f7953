import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { DatabaseModule } from '../database/database.module';
import { NetworksModule } from '../networks/networks.module';
import { MetricSnapshotsStore } from './metric-snapshots.store';
import { MetricsController } from './metrics.controller';
import { MetricsRefresher } from './metrics-refresher';
import { MetricsService } from './metrics.service';

/** Post and account metrics read from the networks, cached in metric_snapshots. */
@Module({
  imports: [DatabaseModule, AccountsModule, NetworksModule],
  controllers: [MetricsController],
  providers: [MetricSnapshotsStore, MetricsRefresher, MetricsService],
  exports: [MetricsService],
})
export class MetricsModule {}
