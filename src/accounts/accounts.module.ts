import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DatabaseModule } from '../database';
import { ClockModule } from '../common/clock/clock.module';
import { AccountExpiry } from './account-expiry';
import { AccountViews } from './account-views';
import { AccountPermissionChanges } from './account-permission-changes';
import { AccountExpiringNotice } from './account-expiring-notice';
import { AccountsController } from './accounts.controller';
import { AccountsStore } from './accounts.store';
import { AccountsService } from './accounts.service';
import { ConnectedAccount } from './connected-account.entity';
import { TokenRefresher } from './token-refresher';
import { TokenVault } from './token-vault';
import { NetworksModule } from '../networks';
import { WebhooksModule } from '../webhooks';
import { QueueModule } from '../queue';
import { AccountCallRunner } from './account-call-runner';
import { AccountBoardsService } from './account-boards.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([ConnectedAccount]),
    DatabaseModule,
    NetworksModule,
    WebhooksModule,
    QueueModule,
    ClockModule,
  ],
  controllers: [AccountsController],
  providers: [
    AccountsStore,
    AccountsService,
    AccountViews,
    AccountPermissionChanges,
    TokenVault,
    TokenRefresher,
    AccountExpiry,
    AccountExpiringNotice,
    AccountCallRunner,
    AccountBoardsService,
  ],
  exports: [
    AccountsStore,
    AccountsService,
    AccountViews,
    AccountPermissionChanges,
    TokenVault,
    TokenRefresher,
    AccountExpiry,
    AccountExpiringNotice,
    AccountCallRunner,
  ],
})
export class AccountsModule {}
