import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { ConnectedAccount } from '../accounts/connected-account.entity';
import { TokenRefresher } from '../accounts/token-refresher';
import { AppCredentialsResolver } from '../networks/apps/app-credentials.resolver';
import { PublishOutcome, PublishProgress } from '../networks/network-adapter';
import { NetworkError } from '../networks/network-error';
import { NetworkRegistry } from '../networks/network-registry';
import { JobQueue } from '../queue/job-queue';
import { TaskRegistry } from '../queue/task-registry';
import { EventOutbox } from '../webhooks/event-outbox';
import { Delivery } from './delivery.entity';
import { Post } from './post.entity';
import { accountQueue, PUBLISH_DELIVERY_TASK, PublishDeliveryPayload } from './publish-job';
import { MAX_ATTEMPTS, nextAttemptAt } from './retry-policy';

interface Attempt {
  delivery: Delivery;
  post: Post;
  account: ConnectedAccount;
  resuming: boolean;
}

/**
 * Publishes one delivery through its network's adapter and records the outcome with its event.
 * The delivery is marked `publishing` (and committed) before the network is called, so an attempt
 * that dies mid-call is recognised by the next one, which then looks before it posts again.
 */
@Injectable()
export class PublishDeliveryTask implements OnModuleInit {
  private readonly logger = new Logger('Publish');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly tasks: TaskRegistry,
    private readonly jobs: JobQueue,
    private readonly outbox: EventOutbox,
    private readonly networks: NetworkRegistry,
    private readonly tokens: TokenRefresher,
    private readonly apps: AppCredentialsResolver,
  ) {}

  onModuleInit(): void {
    this.tasks.register(PUBLISH_DELIVERY_TASK, (payload) => this.run(payload as PublishDeliveryPayload));
  }

  async run({ deliveryId }: PublishDeliveryPayload): Promise<void> {
    const attempt = await this.begin(deliveryId);
    if (!attempt) return;
    const { delivery, post, account } = attempt;
    let outcome: PublishOutcome;
    try {
      const adapter = this.networks.get(account.platform);
      // A token about to expire is refreshed (and stored) before it is used.
      const tokens = await this.tokens.freshTokens(account);
      outcome = await adapter.publish({
        networkAccountId: account.networkAccountId,
        username: account.username,
        tokens,
        app: await this.apps.appFor(account.customerId, adapter),
        parts: post.containers.map((container) => ({ text: container.content, media: container.media })),
        progress: delivery.progress,
        resuming: attempt.resuming,
        checkpoint: (progress) => this.checkpoint(delivery.id, progress),
      });
    } catch (error) {
      if (error instanceof NetworkError) return this.recordFailure(attempt, error);
      // Not the network's doing: leave the delivery in `publishing` and let the queue retry; the
      // next attempt resumes (and looks on the network first).
      throw error;
    }
    await this.dataSource.transaction(async (transaction) => {
      if (outcome.kind === 'poll') {
        await transaction.query(`UPDATE deliveries SET status = 'pending', progress = $2, next_attempt_at = $3, updated_at = now() WHERE id = $1`, [
          delivery.id,
          JSON.stringify(outcome.progress),
          outcome.at,
        ]);
        await this.reschedule(transaction, delivery, outcome.at);
        return;
      }
      await transaction.update(
        Delivery,
        { id: delivery.id },
        {
          status: 'published',
          platformPostId: outcome.platformPostId,
          permalink: outcome.permalink,
          publishedAt: () => 'now()',
          errorCode: null,
          errorMessage: null,
          nextAttemptAt: null,
        },
      );
      await this.outbox.record(transaction, {
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
      });
    });
  }

  /** Locks the delivery and marks it publishing; undefined when there is nothing (more) to do. */
  private begin(deliveryId: string): Promise<Attempt | undefined> {
    return this.dataSource.transaction(async (transaction) => {
      const delivery = await transaction.findOne(Delivery, { where: { id: deliveryId }, lock: { mode: 'pessimistic_write' } });
      if (!delivery || !['scheduled', 'pending', 'publishing'].includes(delivery.status)) return undefined;
      const post = await transaction.findOneByOrFail(Post, { id: delivery.postId });
      const account = await transaction.findOneByOrFail(ConnectedAccount, { id: delivery.accountId });
      if (account.status !== 'active') {
        const code = account.status === 'expired' ? 'account_expired' : 'account_disconnected';
        await this.fail(transaction, { delivery, post, account }, code, `The account is ${account.status}; reconnect it to publish`);
        return undefined;
      }
      const resuming = delivery.status === 'publishing';
      delivery.attempts += 1;
      await transaction.update(Delivery, { id: delivery.id }, { status: 'publishing', attempts: delivery.attempts, nextAttemptAt: null });
      return { delivery, post, account, resuming };
    });
  }

  private async checkpoint(deliveryId: string, progress: PublishProgress): Promise<void> {
    await this.dataSource.query('UPDATE deliveries SET progress = $2, updated_at = now() WHERE id = $1', [deliveryId, JSON.stringify(progress)]);
  }

  private recordFailure(attempt: Attempt, error: NetworkError): Promise<void> {
    const { delivery, account } = attempt;
    this.logger.warn({ msg: 'Publishing failed', deliveryId: delivery.id, platform: account.platform, kind: error.kind, err: error.message });
    return this.dataSource.transaction(async (transaction) => {
      if (error.kind === 'auth_expired') {
        await this.expireAccount(transaction, attempt, error.message);
        return this.fail(transaction, attempt, 'token_expired', 'The network no longer accepts the account token; reconnect the account');
      }
      if (error.kind === 'permanent' || delivery.attempts >= MAX_ATTEMPTS) {
        return this.fail(transaction, attempt, error.kind === 'permanent' ? 'network_rejected' : 'retries_exhausted', error.message);
      }
      const at = nextAttemptAt(error, delivery.attempts, new Date());
      await transaction.update(
        Delivery,
        { id: delivery.id },
        { status: 'pending', nextAttemptAt: at, errorCode: error.kind === 'rate_limited' ? 'rate_limited' : 'network_unavailable', errorMessage: error.message },
      );
      await this.reschedule(transaction, delivery, at);
    });
  }

  private async fail(transaction: EntityManager, { delivery, post, account }: Omit<Attempt, 'resuming'>, code: string, message: string): Promise<void> {
    await transaction.update(Delivery, { id: delivery.id }, { status: 'failed', errorCode: code, errorMessage: message, nextAttemptAt: null });
    await this.outbox.record(transaction, {
      customerId: post.customerId,
      tenantId: post.tenantId,
      type: 'post.failed',
      data: { servicePostId: post.id, deliveryId: delivery.id, connectedAccountId: account.id, platform: account.platform, error: message, errorCode: code },
    });
  }

  /** The account becomes expired, and account.token_expired is recorded once (only by whoever changed it). */
  private async expireAccount(transaction: EntityManager, { post, account }: Attempt, reason: string): Promise<void> {
    const changed = (await transaction.query(`UPDATE connected_accounts SET status = 'expired', updated_at = now() WHERE id = $1 AND status = 'active' RETURNING id`, [
      account.id,
    ])) as [unknown[], number];
    if (changed[0].length === 0) return;
    await this.outbox.record(transaction, {
      customerId: post.customerId,
      tenantId: account.tenantId,
      type: 'account.token_expired',
      data: { connectedAccountId: account.id, platform: account.platform, username: account.username, reason },
    });
  }

  private reschedule(transaction: EntityManager, delivery: Delivery, at: Date): Promise<void> {
    return this.jobs.enqueue(transaction, {
      task: PUBLISH_DELIVERY_TASK,
      payload: { deliveryId: delivery.id },
      queue: accountQueue(delivery.accountId),
      runAt: at,
      jobKey: delivery.id,
    });
  }
}
