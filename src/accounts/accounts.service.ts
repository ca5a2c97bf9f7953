import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { ApiException } from '../common/errors/api-exception';
import { decodeCursor, encodeCursor } from '../common/http/page-cursor';
import { ID_PREFIX, newId } from '../common/ids';
import { AppCredentialsResolver } from '../networks';
import { AccountTokens } from '../networks';
import type { AccountTraits } from '../networks';
import { NetworkRegistry } from '../networks';
import { AccountsStore, ListedAccount } from './accounts.store';
import { AccountStatus, ConnectedAccount } from './connected-account.entity';
import { ACCOUNT_PAGE_LIMIT, ListAccountsQuery } from './dto/list-accounts.query';
import { TokenVault } from './token-vault';
import { EventOutbox } from '../webhooks';
import { Database } from '../database';
import type { Transaction } from '../database';
import { withNetworkOperation } from '../observability';

const LISTED_BY_DEFAULT: readonly AccountStatus[] = ['active', 'expired'];

export interface ConnectAccountInput {
  tenantId: string;
  platform: string;
  networkAccountId: string;
  username: string;
  nickname: string;
  avatarUrl?: string | null;
  tokens: AccountTokens;
  scopes?: string[];
  networkUserId?: string;
  /** What the network told of the account at connect (SelectableAccount.traits); {} when none. */
  networkTraits?: AccountTraits;
}

@Injectable()
export class AccountsService {
  private readonly logger = new Logger(AccountsService.name);

  constructor(
    private readonly accounts: AccountsStore,
    private readonly vault: TokenVault,
    private readonly networks: NetworkRegistry,
    private readonly apps: AppCredentialsResolver,
    private readonly database: Database,
    private readonly outbox: EventOutbox,
    private readonly clock: Clock,
  ) {}

  /** One page of the tenant's accounts, oldest first; nextCursor is null on the last page. */
  async list(
    customerId: string,
    query: ListAccountsQuery,
  ): Promise<{ accounts: ListedAccount[]; nextCursor: string | null }> {
    const page = await this.accounts.listPageForTenant(customerId, query.tenantId, {
      statuses: query.status ? [query.status] : LISTED_BY_DEFAULT,
      after: query.cursor === undefined ? undefined : decodeCursor(query.cursor, ID_PREFIX.account),
      limit: query.limit ?? ACCOUNT_PAGE_LIMIT.default,
    });
    return { accounts: page.accounts, nextCursor: page.next ? encodeCursor(page.next) : null };
  }

  async get(customerId: string, id: string): Promise<ConnectedAccount> {
    const account = await this.accounts.findById(customerId, id);
    if (!account) throw ApiException.notFound('Account');
    return account;
  }

  /**
   * Connects a network account to a tenant, within the caller's transaction (or one of its own).
   * Connecting the same network account to the same tenant again keeps the account id and makes
   * it active with the new tokens; two connects racing end in one account.
   */
  async connect(customerId: string, input: ConnectAccountInput, transaction?: Transaction): Promise<ConnectedAccount> {
    if (!transaction) return this.database.transaction((own) => this.connect(customerId, input, own));
    const key = {
      customerId,
      tenantId: input.tenantId,
      platform: input.platform,
      networkAccountId: input.networkAccountId,
    };
    const existing = await this.accounts.findByNetworkAccountForUpdate(key, transaction);
    const account = existing ?? Object.assign(new ConnectedAccount(), key, { id: newId('account') });
    const sealed = this.vault.seal(account.id, input.tokens);
    // A network may send a refresh token on a user's first consent only (Google, unless asked again):
    // a later consent without one keeps the one the connection has, never replaces it with nothing.
    if (existing?.refreshTokenEncrypted && !input.tokens.refreshToken)
      sealed.refreshTokenEncrypted = existing.refreshTokenEncrypted;
    Object.assign(account, sealed, {
      username: input.username,
      nickname: input.nickname,
      networkUserId: input.networkUserId ?? null,
      avatarUrl: input.avatarUrl ?? null,
      status: 'active' satisfies AccountStatus,
      tokenExpiresAt: input.tokens.expiresAt ?? null,
      scopes: input.scopes ?? [],
      networkTraits: input.networkTraits ?? {},
      connectedAt: this.clock.now(),
      disconnectedAt: null,
    });
    if (existing) return this.accounts.save(account, transaction);
    if (await this.accounts.insertIfAbsent(account, transaction)) return account;
    // Another transaction connected the same network account first: update that one.
    return this.connect(customerId, input, transaction);
  }

  /**
   * Disconnects an account: the connection is revoked at the network, and the stored tokens are
   * wiped whether or not the network agreed. Disconnecting again answers the same.
   */
  async disconnect(customerId: string, id: string): Promise<{ id: string; status: 'disconnected' }> {
    // Wipe first, revoke after: our copy is gone even if the network is slow or refuses. A
    // reconnect landing between the read and the wipe makes the wipe miss; read again then.
    for (let round = 0; round < 3; round += 1) {
      const account = await this.get(customerId, id);
      if (account.status === 'disconnected') return { id: account.id, status: 'disconnected' };
      if (await this.markDisconnectedAndAnnounce(account)) {
        await this.revokeAtNetwork(account);
        return { id: account.id, status: 'disconnected' };
      }
    }
    throw ApiException.conflict('The account is being reconnected right now; try again', 'account_busy');
  }

  /** Wipes the account's tokens and records account.disconnected, in one transaction; false when a reconnect got there first. */
  private markDisconnectedAndAnnounce(account: ConnectedAccount): Promise<boolean> {
    return this.database.transaction(async (transaction) => {
      if (!(await this.accounts.markDisconnected(account.customerId, account.id, account.connectedAt, transaction)))
        return false;
      await this.outbox.record(transaction, {
        customerId: account.customerId,
        tenantId: account.tenantId,
        type: 'account.disconnected',
        data: { connectedAccountId: account.id, platform: account.platform, username: account.username },
      });
      return true;
    });
  }

  /**
   * Whether another account (of any customer or tenant) is still connected through the same network
   * user: revoking that user's login would silently cut it off too. Unknown owner: assume so.
   */
  private async ownerStillNeeded(account: ConnectedAccount): Promise<boolean> {
    if (!account.networkUserId) return true;
    return this.accounts.otherAccountOfUser(account.networkUserId, account.id);
  }

  private async revokeAtNetwork(account: ConnectedAccount): Promise<void> {
    try {
      const tokens = this.vault.open(account.id, account, account.tokenExpiresAt);
      const adapter = this.networks.find(account.platform);
      if (!tokens || !adapter) return;
      if (adapter.revokeScope === 'owner' && (await this.ownerStillNeeded(account))) {
        this.logger.log({
          msg: 'Kept the network login: other connected accounts still use it',
          accountId: account.id,
        });
        return;
      }
      const app = await this.apps.appFor(account.customerId, adapter);
      await withNetworkOperation('revoke', () => adapter.revoke(tokens, app));
    } catch (error) {
      // Our copy of the tokens goes regardless; the user can also remove the app on the network.
      this.logger.warn({
        msg: 'Revoking at the network failed; tokens wiped anyway',
        accountId: account.id,
        err: String(error),
      });
    }
  }
}
