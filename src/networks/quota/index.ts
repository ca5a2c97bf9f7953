export { NetworkQuotaModule } from './network-quota.module';
export { NetworkQuotaStore } from './network-quota.store';
export type { QuotaBucket } from './network-quota.store';
