import { Injectable } from '@nestjs/common';
import { ApiException } from '../common/errors/api-exception';
import { isUniqueViolation } from '../common/errors/unique-violation';
import { newId } from '../common/ids';
import { AccountsRepository } from './accounts.repository';
import { AccountStatus, ConnectedAccount } from './connected-account.entity';
import { NetworkTokens, TokenVault } from './token-vault';

const LISTED_BY_DEFAULT: readonly AccountStatus[] = ['active', 'expired'];

export interface ConnectAccountInput {
  tenantId: string;
  platform: string;
  networkAccountId: string;
  username: string;
  nickname: string;
  avatarUrl?: string | null;
  tokens: NetworkTokens;
  tokenExpiresAt?: Date | null;
  scopes?: string[];
}

@Injectable()
export class AccountsService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly vault: TokenVault,
  ) {}

  list(customerId: string, tenantId: string, status?: AccountStatus): Promise<ConnectedAccount[]> {
    return this.accounts.listForTenant(customerId, tenantId, status ? [status] : LISTED_BY_DEFAULT);
  }

  async get(customerId: string, id: string): Promise<ConnectedAccount> {
    const account = await this.accounts.findById(customerId, id);
    if (!account) throw ApiException.notFound('Account');
    return account;
  }

  /**
   * Connects a network account to a tenant. Connecting the same network account to the same tenant
   * again keeps the account id and makes it active with the new tokens.
   */
  async connect(customerId: string, input: ConnectAccountInput, retryOnRace = true): Promise<ConnectedAccount> {
    const existing = await this.accounts.findByNetworkAccount(customerId, input.tenantId, input.platform, input.networkAccountId);
    const account = existing ?? Object.assign(new ConnectedAccount(), {
      id: newId('account'),
      customerId,
      tenantId: input.tenantId,
      platform: input.platform,
      networkAccountId: input.networkAccountId,
    });
    Object.assign(account, this.vault.seal(account.id, input.tokens), {
      username: input.username,
      nickname: input.nickname,
      avatarUrl: input.avatarUrl ?? null,
      status: 'active' satisfies AccountStatus,
      tokenExpiresAt: input.tokenExpiresAt ?? null,
      scopes: input.scopes ?? [],
      connectedAt: new Date(),
      disconnectedAt: null,
    });
    try {
      return existing ? await this.accounts.save(account) : await this.accounts.insert(account);
    } catch (error) {
      // Two connects of the same network account raced; the other one inserted first, so update it.
      if (retryOnRace && isUniqueViolation(error)) return this.connect(customerId, input, false);
      throw error;
    }
  }

  /**
   * Disconnects an account: its stored tokens are wiped and it no longer publishes. Disconnecting an
   * account that is already disconnected answers the same.
   */
  async disconnect(customerId: string, id: string): Promise<{ id: string; status: 'disconnected' }> {
    const account = await this.get(customerId, id);
    if (account.status !== 'disconnected') await this.accounts.markDisconnected(customerId, account.id);
    return { id: account.id, status: 'disconnected' };
  }
}
