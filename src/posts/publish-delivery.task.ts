import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { AccountExpiry } from '../accounts/account-expiry';
import { TokenRefresher } from '../accounts/token-refresher';
import { AppCredentialsResolver } from '../networks/apps/app-credentials.resolver';
import { PublishOutcome } from '../networks/network-adapter';
import { NetworkError } from '../networks/network-error';
import { MediaService } from '../media/media.service';
import { NetworkRegistry } from '../networks/network-registry';
import { Attempt, DeliveryStore } from './delivery-store';
import type { DeliveryErrorCode } from './delivery-error-code';
import { afterFailure } from './retry-policy';

/**
 * Publishes one claimed delivery through its network's adapter and records the outcome with its
 * event (the statements live in DeliveryStore). The delivery is marked `publishing` (and
 * committed) before the network is called, so an attempt that dies mid-call is recognised by the
 * next one, which then looks before it posts again.
 */
@Injectable()
export class PublishDeliveryTask {
  private readonly logger = new Logger('Publish');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly store: DeliveryStore,
    private readonly networks: NetworkRegistry,
    private readonly tokens: TokenRefresher,
    private readonly apps: AppCredentialsResolver,
    private readonly expiry: AccountExpiry,
    private readonly media: MediaService,
  ) {}

  /**
   * Publishes the delivery claimed by `workerId`. Throws only on our own trouble (the caller
   * retries the delivery later) or LostClaimError (the claim was let go; the caller stops); the
   * network's answers are recorded.
   */
  async run(deliveryId: string, workerId: string): Promise<void> {
    const attempt = await this.store.begin(deliveryId, workerId);
    if (!attempt) return this.refuseInactive(deliveryId);
    const { delivery, post, account } = attempt;
    let outcome: PublishOutcome;
    try {
      const adapter = this.networks.get(account.platform);
      const uploaded = post.containers.flatMap((container) =>
        container.media.flatMap((medium) => medium.mediaId ?? []),
      );
      // Kept from the purge while a post is using them (its retries, a network still fetching).
      await this.media.markUsed(uploaded);
      // A token about to expire is refreshed (and stored) before it is used.
      const tokens = await this.tokens.freshTokens(account);
      outcome = await adapter.publish({
        networkAccountId: account.networkAccountId,
        username: account.username,
        tokens,
        app: await this.apps.appWith(post.customerId, attempt.ownApp, adapter),
        parts: post.containers.map((container) => ({
          text: container.content,
          media: container.media.map((medium) => ({
            url: this.media.publishUrl(medium),
            kind: medium.kind,
            ...(medium.mediaId && medium.size !== undefined && medium.contentType
              ? { openStored: () => this.media.openStored(medium.mediaId!, medium.size!, medium.contentType!) }
              : {}),
          })),
        })),
        progress: delivery.progress,
        resuming: attempt.resuming,
        checkpoint: (progress) => this.store.checkpoint(delivery.id, workerId, progress),
      });
    } catch (error) {
      if (error instanceof NetworkError) return this.recordFailure(attempt, error);
      // Not the network's doing: the delivery stays `publishing`, and the next attempt resumes
      // (looking on the network first).
      throw error;
    }
    if (outcome.kind === 'poll') return this.store.pollAgain(delivery.id, outcome.progress, outcome.at);
    await this.store.published(
      delivery.id,
      { platformPostId: outcome.platformPostId, permalink: outcome.permalink, progress: outcome.progress },
      {
        customerId: post.customerId,
        tenantId: post.tenantId,
        type: 'post.published',
        data: {
          servicePostId: post.id,
          deliveryId: delivery.id,
          connectedAccountId: account.id,
          platform: account.platform,
          platformPostId: outcome.platformPostId,
          permalink: outcome.permalink,
        },
      },
    );
  }

  /** A delivery still to publish whose account is expired or disconnected fails with that reason. */
  private refuseInactive(deliveryId: string): Promise<void> {
    return this.dataSource.transaction(async (transaction) => {
      const open = await this.store.lockOpen(transaction, deliveryId);
      if (!open) return;
      // Reconnected between the two reads: the delivery is tried again, and then claimed.
      if (open.account.status === 'active')
        throw new Error(`Delivery ${deliveryId}: its account was reconnected while being claimed; retrying`);
      const code = open.account.status === 'expired' ? 'account_expired' : 'account_disconnected';
      await this.fail(transaction, open, code, `The account is ${open.account.status}; reconnect it to publish`);
    });
  }

  private recordFailure(attempt: Attempt, error: NetworkError): Promise<void> {
    const { delivery, account } = attempt;
    this.logger.warn({
      msg: 'Publishing failed',
      deliveryId: delivery.id,
      platform: account.platform,
      kind: error.kind,
      err: error.message,
    });
    return this.dataSource.transaction(async (transaction) => {
      if (error.kind === 'auth_expired') {
        await this.expiry.expire(transaction, account, error.message);
        return this.fail(
          transaction,
          attempt,
          'token_expired',
          'The network no longer accepts the account token; reconnect the account',
        );
      }
      const next = afterFailure(delivery, error, new Date());
      if (next.kind === 'fail') return this.fail(transaction, attempt, next.code, error.message);
      await this.store.retryLater(transaction, delivery.id, {
        at: next.at,
        code: next.code,
        message: error.message,
      });
    });
  }

  private fail(
    transaction: EntityManager,
    { delivery, post, account }: Pick<Attempt, 'delivery' | 'post' | 'account'>,
    code: DeliveryErrorCode,
    message: string,
  ): Promise<void> {
    return this.store.failed(
      transaction,
      delivery.id,
      { code, message },
      {
        customerId: post.customerId,
        tenantId: post.tenantId,
        type: 'post.failed',
        data: {
          servicePostId: post.id,
          deliveryId: delivery.id,
          connectedAccountId: account.id,
          platform: account.platform,
          error: message,
          errorCode: code,
        },
      },
    );
  }
}
