import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppCredentialsResolver } from '../networks/apps/app-credentials.resolver';
import { AccountTokens } from '../networks/network-adapter';
import { NetworkError } from '../networks/network-error';
import { NetworkRegistry } from '../networks/network-registry';
import { ConnectedAccount } from './connected-account.entity';
import { TokenVault } from './token-vault';

/**
 * An account's tokens, refreshed first when they are about to expire. The new tokens (X rotates its
 * refresh token: the old one stops working) are persisted in one statement before they are used.
 * Callers run on the account's job queue, so one account is never refreshed twice at once.
 */
@Injectable()
export class TokenRefresher {
  private readonly logger = new Logger(TokenRefresher.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly vault: TokenVault,
    private readonly networks: NetworkRegistry,
    private readonly apps: AppCredentialsResolver,
  ) {}

  async freshTokens(account: ConnectedAccount, now = new Date()): Promise<AccountTokens> {
    const tokens = this.vault.open(account.id, account, account.tokenExpiresAt);
    if (!tokens) throw new NetworkError(account.platform, 'auth_expired', 'The account holds no tokens');
    const adapter = this.networks.get(account.platform);
    if (!account.tokenExpiresAt || account.tokenExpiresAt.getTime() - now.getTime() > adapter.refreshAheadMs) return tokens;

    const refreshed = await adapter.refresh(tokens, await this.apps.appFor(account.customerId, adapter));
    if (!refreshed) return tokens;
    const next: AccountTokens = { ...refreshed, userAccessToken: tokens.userAccessToken };
    const sealed = this.vault.seal(account.id, next);
    await this.dataSource.query(
      `UPDATE connected_accounts
          SET access_token_encrypted = $2, refresh_token_encrypted = $3, user_token_encrypted = $4, token_expires_at = $5, updated_at = now()
        WHERE id = $1 AND status = 'active'`,
      [account.id, sealed.accessTokenEncrypted, sealed.refreshTokenEncrypted, sealed.userTokenEncrypted, next.expiresAt ?? null],
    );
    this.logger.log({ msg: 'Refreshed the account token', accountId: account.id, platform: account.platform });
    return next;
  }
}
