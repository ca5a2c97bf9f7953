/** What other modules may use from accounts/: everything else in the folder is its own. */
export { AccountCallRunner } from './account-call-runner';
export type { AccountAccess, AccountCall, AccountCallResult, TokenPolicy } from './account-call-runner';
export { AccountExpiringNotice } from './account-expiring-notice';
export { AccountExpiry } from './account-expiry';
export { AccountPermissionChanges } from './account-permission-changes';
export { AccountViews } from './account-views';
export { AccountsModule } from './accounts.module';
export { AccountsService } from './accounts.service';
export { AccountsStore } from './accounts.store';
export type { ListedAccount } from './accounts.store';
export { ACCOUNT_STATUSES, ConnectedAccount } from './connected-account.entity';
export type { AccountStatus } from './connected-account.entity';
export { AccountView } from './dto/account.view';
export { TokenRefresher } from './token-refresher';
export type { RefreshOutcome } from './token-refresher';
export { TokenVault } from './token-vault';
