import { Injectable, Logger, Optional } from '@nestjs/common';
import { AppCredentialsResolver } from '../networks';
import { AccountTokens } from '../networks';
import { NetworkError } from '../networks';
import { NetworkRegistry } from '../networks';
import { AccountsStore } from './accounts.store';
import { ConnectedAccount } from './connected-account.entity';
import { Clock } from '../common/clock/clock';
import { refreshDue } from './refresh-due';
import { TokenVault } from './token-vault';
import { AccountPermissionChanges } from './account-permission-changes';
import { ServiceMetrics, withNetworkOperation } from '../observability';

/**
 * What a refresh attempt came to:
 * - `not_due`: the token is not within its network's refresh window (or never expires);
 * - `refreshed`: new tokens were obtained and stored;
 * - `unrefreshable`: the token is due, but the network has no refresh grant for it (Facebook, X
 *   without offline.access) or declined without an error worth retrying (Instagram); it will lapse.
 */
export type RefreshOutcome =
  | { kind: 'not_due'; tokens: AccountTokens }
  | { kind: 'refreshed'; tokens: AccountTokens }
  | { kind: 'unrefreshable'; tokens: AccountTokens };

/**
 * An account's tokens, refreshed first when they are about to expire. The new tokens (X rotates its
 * refresh token: the old one stops working) are persisted in one statement before they are used.
 * Callers run on the account's job queue, so one account is never refreshed twice at once.
 */
@Injectable()
export class TokenRefresher {
  private readonly logger = new Logger(TokenRefresher.name);

  constructor(
    private readonly accounts: AccountsStore,
    private readonly vault: TokenVault,
    private readonly networks: NetworkRegistry,
    private readonly apps: AppCredentialsResolver,
    private readonly permissions: AccountPermissionChanges,
    private readonly clock: Clock,
    @Optional() private readonly metrics?: ServiceMetrics,
  ) {}

  /** The stored tokens as they are (no refresh), or undefined when the account holds none. */
  storedTokens(account: ConnectedAccount): AccountTokens | undefined {
    return this.vault.open(account.id, account, account.tokenExpiresAt) ?? undefined;
  }

  /** The tokens to call the network with: refreshed when due, else the stored ones (they still work until they expire). */
  async freshTokens(account: ConnectedAccount, now: Date = this.clock.now()): Promise<AccountTokens> {
    return (await this.refreshIfDue(account, now)).tokens;
  }

  /**
   * Refreshes the account's tokens when they are due. Throws NetworkError when the network refuses
   * (auth_expired) or cannot be reached (transient); the caller decides what that means.
   */
  async refreshIfDue(account: ConnectedAccount, now: Date = this.clock.now()): Promise<RefreshOutcome> {
    const tokens = this.vault.open(account.id, account, account.tokenExpiresAt);
    if (!tokens) throw new NetworkError(account.platform, 'auth_expired', 'The account holds no tokens');
    const adapter = this.networks.get(account.platform);
    if (!refreshDue(account.tokenExpiresAt, adapter.refreshAheadMs, now)) return { kind: 'not_due', tokens };

    const app = await this.apps.appFor(account.customerId, adapter);
    const refreshed = await withNetworkOperation('refresh', () => adapter.refresh(tokens, app)).catch(
      (error: unknown) => {
        if (error instanceof NetworkError) this.metrics?.tokenRefresh(account.platform, error.kind);
        throw error;
      },
    );
    if (!refreshed) return { kind: 'unrefreshable', tokens };
    this.metrics?.tokenRefresh(account.platform, 'refreshed');
    const { scopes, ...renewed } = refreshed;
    // The binding stays unless the refresh names another (a token is refreshed with the key it is bound to).
    const binding = renewed.tokenBinding ?? tokens.tokenBinding;
    const next: AccountTokens = {
      ...renewed,
      userAccessToken: tokens.userAccessToken,
      ...(binding === undefined ? {} : { tokenBinding: binding }),
    };
    const sealed = this.vault.seal(account.id, next);
    // Only the connection these tokens came from: a reconnect meanwhile keeps its own, newer tokens.
    await this.accounts.storeRefreshedTokens(account.id, account.connectedAt, sealed, next.expiresAt ?? null);
    this.logger.log({ msg: 'Refreshed the account token', accountId: account.id, platform: account.platform });
    // X's refresh answer says what the new token grants: a permission taken back shows here first.
    if (scopes?.length) await this.permissions.granted(account, scopes);
    await this.refreshTraits(account, next);
    return { kind: 'refreshed', tokens: next };
  }

  /**
   * Reads again what the network tells of the account (X: its subscription, which decides how long
   * its posts may be) with the fresh tokens, and stores it. The tokens are stored already: a
   * failure here only keeps the traits it had, and never fails the refresh.
   */
  private async refreshTraits(account: ConnectedAccount, tokens: AccountTokens): Promise<void> {
    const adapter = this.networks.get(account.platform);
    if (!adapter.accountTraits) return;
    try {
      const app = await this.apps.appFor(account.customerId, adapter);
      const traits = await withNetworkOperation('accounts', () => adapter.accountTraits!(tokens, app));
      await this.accounts.storeTraits(account.id, account.connectedAt, traits);
    } catch (error) {
      this.logger.warn({
        msg: 'Could not read the account traits after a refresh; the stored ones are kept',
        accountId: account.id,
        platform: account.platform,
        err: error instanceof Error ? error.message : String(error),
      });
    }
  }
}
