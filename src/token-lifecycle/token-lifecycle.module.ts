import { Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { AccountsModule } from '../accounts/accounts.module';
import { ClockModule } from '../common/clock/clock.module';
import { NetworksModule } from '../networks/networks.module';
import { RefreshAccountTokenTask } from './refresh-account-token.task';
import { TokenScan } from './token-scan';
import { TokenScanSchedule } from './token-scan.schedule';

/**
 * Keeps connected accounts' tokens alive: a scan every 5 minutes queues a refresh for each token
 * about to expire, and the refresh task renews it or marks the account expired. (The job queue
 * comes from the global QueueModule.)
 */
@Module({
  imports: [ScheduleModule.forRoot(), AccountsModule, NetworksModule, ClockModule],
  providers: [TokenScan, TokenScanSchedule, RefreshAccountTokenTask],
  exports: [TokenScan],
})
export class TokenLifecycleModule {}
