import { Injectable, Logger, Optional } from '@nestjs/common';
import { AccountCallRunner } from '../accounts';
import { AccountPermissionChanges } from '../accounts';
import { PublishOutcome } from '../networks';
import { NetworkError } from '../networks';
import { MediaService } from '../media';
import { NetworkRegistry } from '../networks';
import { Attempt, DeliveriesStore } from './deliveries.store';
import type { DeliveryErrorCode } from '../common/errors/delivery-error-code';
import { afterFailure } from './retry-policy';
import { Clock } from '../common/clock/clock';
import { Database } from '../database';
import type { Transaction } from '../database';
import { permissionMessage } from './permission-problems';
import { resolveDelivery } from './post-variants';
import { featuresOfPost, lackedFor, PermissionNeeds } from '../networks';
import { AttemptTraces } from './attempts/attempt-traces';
import {
  DeliveryAttempt,
  deliveryAttemptSpan,
  failActiveSpan,
  inNetworkOperation,
  ServiceMetrics,
} from '../observability';

/**
 * Publishes one claimed delivery through its network's adapter and records the outcome with its
 * event (the statements live in DeliveriesStore). The delivery is marked `publishing` (and
 * committed) before the network is called, so an attempt that dies mid-call is recognised by the
 * next one, which then looks before it posts again.
 */
@Injectable()
export class PublishDeliveryTask {
  private readonly logger = new Logger('Publish');

  constructor(
    private readonly database: Database,
    private readonly store: DeliveriesStore,
    private readonly networks: NetworkRegistry,
    private readonly runner: AccountCallRunner,
    private readonly media: MediaService,
    private readonly permissions: AccountPermissionChanges,
    private readonly clock: Clock,
    private readonly traces: AttemptTraces,
    @Optional() private readonly metrics?: ServiceMetrics,
  ) {}

  /**
   * Publishes the delivery claimed by `workerId`. Throws only on our own trouble (the caller
   * retries the delivery later) or LostClaimError (the claim was let go; the caller stops); the
   * network's answers are recorded.
   */
  async run(deliveryId: string, workerId: string): Promise<void> {
    const attempt = await this.store.begin(deliveryId, workerId);
    if (!attempt) return this.refuseInactive(deliveryId);
    // The attempt's calls and checkpoints, collected in memory; its row goes out with its outcome.
    const trace = this.traces.begin(attempt, workerId);
    return deliveryAttemptSpan(spanOf(attempt), () => trace.run(() => this.attempt(attempt, workerId))).catch(
      (error: unknown) => this.traces.stopped(trace, attempt.delivery.attempts, error),
    );
  }

  /** The attempt begun: the network is called, and what it answers recorded. */
  private async attempt(attempt: Attempt, workerId: string): Promise<void> {
    const { delivery, post, account } = attempt;
    const adapter = this.networks.get(account.platform);
    // What this account publishes, as accepted: its override, else its network's, else the post's.
    const { containers, options } = resolveDelivery(post, account.id, account.platform);
    const uploaded = containers.flatMap((container) => container.media.flatMap((medium) => medium.mediaId ?? []));
    // Kept from the purge while a post is using them (its retries, a network still fetching).
    await this.media.markUsed(uploaded);
    // Accepted while the account had them, its permissions may have been lost since: refuse before
    // the network is called, unless part of the delivery is already out (the network decides then).
    const lacking = this.lackingPermission(attempt, adapter.permissionNeeds);
    if (lacking)
      return this.database.transaction((transaction) => this.fail(transaction, attempt, 'permission_missing', lacking));
    // Under the publishing lane's claim: a token about to expire is refreshed (and stored) before it is used.
    const result = await this.runner.call({
      account,
      tokens: 'fresh',
      ownApp: attempt.ownApp ?? null,
      call: inNetworkOperation('publish', ({ tokens, app }) =>
        adapter.publish({
          networkAccountId: account.networkAccountId,
          username: account.username,
          tokens,
          app,
          parts: containers.map((container) => ({
            text: container.content,
            media: container.media.map((medium) => ({
              url: this.media.publishUrl(medium),
              kind: medium.kind,
              ...(medium.altText !== undefined ? { altText: medium.altText } : {}),
              ...(medium.mediaId && medium.size !== undefined && medium.contentType
                ? { openStored: () => this.media.openStored(medium.mediaId!, medium.size!, medium.contentType!) }
                : {}),
            })),
          })),
          ...(Object.keys(options).length ? { options } : {}),
          progress: delivery.progress,
          resuming: attempt.resuming,
          checkpoint: (progress) => this.store.checkpoint(delivery.id, workerId, progress),
        }),
      ),
    });
    // Our own trouble was thrown by the runner: the delivery stays `publishing`, and the next
    // attempt resumes (looking on the network first).
    if (result.kind !== 'done') return this.recordFailure(attempt, result.error);
    const outcome: PublishOutcome = result.value;
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
    // From when it was due (scheduled, or accepted to publish now), retries and backlog included.
    const dueAt = post.scheduledAt ?? post.createdAt;
    this.metrics?.delivery(account.platform, 'published', (this.clock.now().getTime() - dueAt.getTime()) / 1000);
  }

  /** Why the account may not publish this delivery (the message), or undefined when it may or when some of it is already out. */
  private lackingPermission(
    { delivery, post, account, resuming }: Attempt,
    needs: PermissionNeeds,
  ): string | undefined {
    if (resuming || Object.keys(delivery.progress).length > 0) return undefined;
    for (const feature of featuresOfPost(resolveDelivery(post, account.id, account.platform).containers)) {
      const lacking = lackedFor(needs, feature, account.scopes);
      if (lacking.length) return permissionMessage(account, feature, lacking);
    }
    return undefined;
  }

  /** A delivery still to publish whose account is expired or disconnected fails with that reason. */
  private refuseInactive(deliveryId: string): Promise<void> {
    return this.database.transaction(async (transaction) => {
      const open = await this.store.lockOpen(deliveryId, transaction);
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
    failActiveSpan(String(error.details.code ?? error.kind));
    this.logger.warn({
      msg: 'Publishing failed',
      deliveryId: delivery.id,
      platform: account.platform,
      kind: error.kind,
      err: error.message,
    });
    // A refusal for a permission is that first, whatever its kind (a Graph permission code may come as auth_expired).
    if (error.details.permissionDenied) return this.refusedForPermission(attempt, error);
    if (error.kind === 'auth_expired')
      return this.runner
        .expire(account, error.message, (transaction) =>
          this.fail(
            transaction,
            attempt,
            'token_expired',
            'The network no longer accepts the account token; reconnect the account',
          ),
        )
        .then(() => undefined);
    return this.database.transaction(async (transaction) => {
      const next = afterFailure(delivery, error, this.clock.now());
      if (next.kind === 'fail') return this.fail(transaction, attempt, next.code, error.message);
      // A failure with no answer to trust (not a rate limit's refusal, which carried nothing out) may
      // hide a post the network did make: the next attempt looks for it before posting again.
      const resume = next.code === 'network_unavailable';
      await this.store.retryLater(
        delivery.id,
        {
          at: next.at,
          code: next.code,
          message: error.message,
          resume,
          ...(error.details.retryAt ? { networkResetAt: error.details.retryAt } : {}),
        },
        transaction,
      );
      this.metrics?.delivery(account.platform, 'retried');
    });
  }

  /**
   * The network refused for a permission the account lacks: the delivery fails with
   * permission_missing, and what the network now grants is read, so a permission taken back is
   * recorded on the account (and announced) before the next post needs it.
   */
  private async refusedForPermission(attempt: Attempt, error: NetworkError): Promise<void> {
    const { account } = attempt;
    // With the stored tokens (none: nothing to read); reading the grants never fails the refusal.
    const read = await this.runner.call({
      account,
      tokens: 'stored',
      ownApp: attempt.ownApp ?? null,
      call: ({ tokens, app }) => this.permissions.afterRefusal(account, tokens, app),
    });
    const lost = read.kind === 'done' ? read.value : [];
    const reconnect = 'reconnect the account (a new auth-url for the same tenant) to grant it';
    const message = lost.length
      ? `${error.message}: the account no longer grants ${lost.join(', ')}; ${reconnect}`
      : `${error.message}: the account lacks a permission this needs; ${reconnect}`;
    await this.database.transaction((transaction) => this.fail(transaction, attempt, 'permission_missing', message));
  }

  private fail(
    transaction: Transaction,
    { delivery, post, account }: Pick<Attempt, 'delivery' | 'post' | 'account'>,
    code: DeliveryErrorCode,
    message: string,
  ): Promise<void> {
    this.metrics?.delivery(account.platform, 'failed');
    failActiveSpan(code);
    return this.store.failed(
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
      transaction,
    );
  }
}

/** What the attempt's span says of it (see deliveryAttemptSpan). */
function spanOf({ delivery, post, resuming }: Attempt): DeliveryAttempt {
  return {
    deliveryId: delivery.id,
    postId: post.id,
    network: delivery.platform,
    attempt: delivery.attempts,
    resuming,
    traceParent: post.traceParent ?? null,
  };
}
