import { Injectable } from '@nestjs/common';
import { TokenVault } from '../accounts';
import { AppCredentialsResolver } from '../networks';
import { AccountTokens, CommentsCall } from '../networks';
import { NetworkError } from '../networks';
import { PublishedDelivery } from './published-delivery';

/** Builds the network call for a published delivery: its account, tokens and app (the customer's own, or the service's). */
@Injectable()
export class CommentsCalls {
  constructor(
    private readonly vault: TokenVault,
    private readonly apps: AppCredentialsResolver,
  ) {}

  /** With `tokens` when the caller refreshed them; otherwise the stored ones (they work until they expire). */
  async callFor(target: PublishedDelivery, tokens?: AccountTokens): Promise<CommentsCall> {
    const { account, adapter, delivery } = target;
    const stored = tokens ?? this.vault.open(account.id, account, account.tokenExpiresAt);
    if (!stored) throw new NetworkError(account.platform, 'auth_expired', 'The account holds no tokens');
    return {
      networkAccountId: account.networkAccountId,
      username: account.username,
      tokens: stored,
      app: await this.apps.appFor(account.customerId, adapter),
      objectId: delivery.platformPostId,
    };
  }
}
