import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountsController } from './accounts.controller';
import { AccountsRepository } from './accounts.repository';
import { AccountsService } from './accounts.service';
import { ConnectedAccount } from './connected-account.entity';
import { TokenRefresher } from './token-refresher';
import { TokenVault } from './token-vault';
import { NetworksModule } from '../networks/networks.module';

@Module({
  imports: [TypeOrmModule.forFeature([ConnectedAccount]), NetworksModule],
  controllers: [AccountsController],
  providers: [AccountsRepository, AccountsService, TokenVault, TokenRefresher],
  exports: [AccountsService, TokenVault, TokenRefresher],
})
export class AccountsModule {}
