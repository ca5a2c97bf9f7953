import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts';
import { ClockModule } from '../common/clock/clock.module';
import { DatabaseModule } from '../database';
import { NetworksModule } from '../networks';
import { SchedulingModule } from '../scheduling';
import { RefreshAccountTokenTask } from './refresh-account-token.task';
import { TokenScan } from './token-scan';
import { QueueModule } from '../queue';

/**
 * Keeps connected accounts' tokens alive: a scan every 5 minutes (TOKEN_SCAN in
 * scheduling/periodic-tasks.ts) queues a refresh for each token about to expire, and the refresh task renews it or marks the account expired.
 */
@Module({
  imports: [QueueModule, DatabaseModule, AccountsModule, NetworksModule, ClockModule, SchedulingModule],
  providers: [TokenScan, RefreshAccountTokenTask],
  exports: [TokenScan],
})
export class TokenLifecycleModule {}
