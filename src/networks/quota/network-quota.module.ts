import { Module } from '@nestjs/common';
import { DatabaseModule } from '../../database';
import { NetworkQuotaStore } from './network-quota.store';

/** The quota store, for the network modules whose network counts a budget per app and window. */
@Module({
  imports: [DatabaseModule],
  providers: [NetworkQuotaStore],
  exports: [NetworkQuotaStore],
})
export class NetworkQuotaModule {}
