import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { ApiException } from '../common/errors/api-exception';
import { NetworkError, NetworkRegistry, safeNetworkMessage } from '../networks';
import { AccountCallRunner } from './account-call-runner';
import { AccountsService } from './accounts.service';
import { AccountBoardsView } from './dto/account-boards.view';

/**
 * The boards of an account (the places on it a post must name: a Pinterest board and its
 * sections), read through to the network on each request, for a client to pick one. Any network
 * whose adapter has `destinations` serves them; another answers 409 boards_not_supported.
 */
@Injectable()
export class AccountBoardsService {
  constructor(
    private readonly accounts: AccountsService,
    private readonly networks: NetworkRegistry,
    private readonly runner: AccountCallRunner,
    private readonly clock: Clock,
  ) {}

  async list(customerId: string, accountId: string): Promise<AccountBoardsView> {
    const account = await this.accounts.get(customerId, accountId);
    const adapter = this.networks.get(account.platform);
    const destinations = adapter.destinations;
    if (!destinations)
      throw new ApiException(
        'boards_not_supported',
        `${adapter.displayName} has no boards: a post goes to the account itself`,
      );
    if (account.status !== 'active' || !this.runner.holdsTokens(account))
      throw new ApiException('account_not_active', 'The account is expired or disconnected; reconnect it');
    // The stored tokens as they are: a request holds no lane, so it never spends a rotating refresh token.
    const result = await this.runner.call({
      account,
      tokens: 'stored',
      call: (access) =>
        destinations.list({ networkAccountId: account.networkAccountId, tokens: access.tokens, app: access.app }),
    });
    if (result.kind !== 'done') throw this.readFailure(result.error);
    return {
      option: destinations.option,
      sectionOption: destinations.childOption,
      boards: result.value.map((board) => ({
        id: board.id,
        name: board.name,
        privacy: board.privacy,
        sections: board.children.map((section) => ({ id: section.id, name: section.name })),
      })),
    };
  }

  private readFailure(error: NetworkError): ApiException {
    if (error.kind === 'rate_limited') {
      const now = this.clock.now().getTime();
      const seconds = Math.max(1, Math.ceil(((error.details.retryAt?.getTime() ?? now) - now) / 1000));
      return new ApiException(
        'network_rate_limited',
        "The network's rate limit for this account is reached",
        undefined,
        undefined,
        { 'Retry-After': String(seconds) },
      );
    }
    if (error.kind === 'auth_expired')
      return new ApiException('account_not_active', 'The network no longer accepts the account token; reconnect it');
    return new ApiException(
      'network_unavailable',
      `The network could not be read: ${safeNetworkMessage(error.message)}`,
    );
  }
}
