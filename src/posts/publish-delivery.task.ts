import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { AccountExpiry } from '../accounts/account-expiry';
import { ConnectedAccount } from '../accounts/connected-account.entity';
import { PreparedStatements } from '../database/prepared-statements';
import { fromPrefixedRow, prefixedColumns } from '../database/raw-rows';
import { TokenRefresher } from '../accounts/token-refresher';
import { AppCredentialsResolver } from '../networks/apps/app-credentials.resolver';
import { NetworkApp } from '../networks/apps/network-app.entity';
import { PublishOutcome, PublishProgress } from '../networks/network-adapter';
import { NetworkError } from '../networks/network-error';
import { NetworkRegistry } from '../networks/network-registry';
import { JobQueue } from '../queue/job-queue';
import { TaskRegistry } from '../queue/task-registry';
import { EventOutbox } from '../webhooks/event-outbox';
import { Delivery } from './delivery.entity';
import { Post } from './post.entity';
import { accountQueue, PUBLISH_DELIVERY_TASK, PublishDeliveryPayload } from './publish-job';
import { afterFailure } from './retry-policy';

interface Attempt {
  delivery: Delivery;
  post: Post;
  account: ConnectedAccount;
  /** The customer's own app for the account's network, if it set one. */
  ownApp: NetworkApp | undefined;
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
  private claimColumnList: string | undefined;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly tasks: TaskRegistry,
    private readonly jobs: JobQueue,
    private readonly outbox: EventOutbox,
    private readonly networks: NetworkRegistry,
    private readonly tokens: TokenRefresher,
    private readonly apps: AppCredentialsResolver,
    private readonly expiry: AccountExpiry,
    private readonly statements: PreparedStatements,
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
        app: this.apps.appWith(attempt.ownApp, adapter),
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
    if (outcome.kind === 'poll') {
      const poll = outcome;
      await this.dataSource.transaction(async (transaction) => {
        await transaction.query(`UPDATE deliveries SET status = 'pending', progress = $2, next_attempt_at = $3, updated_at = now() WHERE id = $1`, [
          delivery.id,
          JSON.stringify(poll.progress),
          poll.at,
        ]);
        await this.reschedule(transaction, delivery, poll.at);
      });
      return;
    }
    // Published: the delivery's new state and its event in one statement.
    await this.outbox.record(
      this.dataSource.manager,
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
      {
        sql: `UPDATE deliveries SET status = 'published', platform_post_id = $2, permalink = $3, published_at = now(), updated_at = now(),
                     error_code = NULL, error_message = NULL, next_attempt_at = NULL
               WHERE id = $1 RETURNING id`,
        params: [delivery.id, outcome.platformPostId, outcome.permalink],
      },
    );
  }

  /**
   * Marks the delivery publishing (committed before the network is called); undefined when there is
   * nothing (more) to do. The common case is one statement; a delivery whose account is no longer
   * active takes the slower path that fails it with the reason.
   */
  private async begin(deliveryId: string): Promise<Attempt | undefined> {
    const rows = await this.statements.query<Record<string, unknown> & { previous_status: string }>(
      `WITH previous AS (
         SELECT d.id, d.status FROM deliveries d JOIN connected_accounts a ON a.id = d.account_id
          WHERE d.id = $1 AND d.status IN ('scheduled', 'pending', 'publishing') AND a.status = 'active'
            FOR UPDATE OF d
       ), claimed AS (
         UPDATE deliveries d SET status = 'publishing', attempts = d.attempts + 1, next_attempt_at = NULL, updated_at = now()
           FROM previous WHERE d.id = previous.id
         RETURNING d.*, previous.status AS previous_status
       )
       SELECT claimed.previous_status, ${this.claimColumns}
         FROM claimed JOIN posts p ON p.id = claimed.post_id JOIN connected_accounts a ON a.id = claimed.account_id
              LEFT JOIN network_apps na ON na.customer_id = a.customer_id AND na.network = a.platform`,
      [deliveryId],
    );
    const [row] = rows;
    if (!row) return this.refuseInactive(deliveryId);
    return {
      delivery: fromPrefixedRow(this.dataSource, Delivery, row, 'd'),
      post: fromPrefixedRow(this.dataSource, Post, row, 'p'),
      account: fromPrefixedRow(this.dataSource, ConnectedAccount, row, 'a'),
      ownApp: row.na_id === null ? undefined : fromPrefixedRow(this.dataSource, NetworkApp, row, 'na'),
      resuming: row.previous_status === 'publishing',
    };
  }

  /** The delivery, its post, its account and the customer's app, read back with the claim (one round trip, not five). */
  private get claimColumns(): string {
    this.claimColumnList ??= [
      prefixedColumns(this.dataSource, Delivery, 'claimed', 'd'),
      prefixedColumns(this.dataSource, Post, 'p', 'p'),
      prefixedColumns(this.dataSource, ConnectedAccount, 'a', 'a'),
      prefixedColumns(this.dataSource, NetworkApp, 'na', 'na'),
    ].join(', ');
    return this.claimColumnList;
  }

  /** A delivery still to publish whose account is expired or disconnected fails with that reason. */
  private refuseInactive(deliveryId: string): Promise<undefined> {
    return this.dataSource.transaction(async (transaction) => {
      const delivery = await transaction.findOne(Delivery, { where: { id: deliveryId }, lock: { mode: 'pessimistic_write' } });
      if (!delivery || !['scheduled', 'pending', 'publishing'].includes(delivery.status)) return undefined;
      const post = await transaction.findOneByOrFail(Post, { id: delivery.postId });
      const account = await transaction.findOneByOrFail(ConnectedAccount, { id: delivery.accountId });
      // Reconnected between the two reads: let the queue run the job again, which then claims it.
      if (account.status === 'active') throw new Error(`Delivery ${deliveryId}: its account was reconnected while being claimed; retrying`);
      const code = account.status === 'expired' ? 'account_expired' : 'account_disconnected';
      await this.fail(transaction, { delivery, post, account }, code, `The account is ${account.status}; reconnect it to publish`);
      return undefined;
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
        await this.expiry.expire(transaction, account, error.message);
        return this.fail(transaction, attempt, 'token_expired', 'The network no longer accepts the account token; reconnect the account');
      }
      const next = afterFailure(delivery, error, new Date());
      if (next.kind === 'fail') return this.fail(transaction, attempt, next.code, error.message);
      const at = next.at;
      await transaction.query(
        `UPDATE deliveries SET status = 'pending', next_attempt_at = $2, error_code = $3, error_message = $4,
                rate_limit_waits = rate_limit_waits + $5, updated_at = now()
          WHERE id = $1`,
        [delivery.id, at, next.rateLimited ? 'rate_limited' : 'network_unavailable', error.message, next.rateLimited ? 1 : 0],
      );
      await this.reschedule(transaction, delivery, at);
    });
  }

  private async fail(transaction: EntityManager, { delivery, post, account }: Pick<Attempt, 'delivery' | 'post' | 'account'>, code: string, message: string): Promise<void> {
    await transaction.update(Delivery, { id: delivery.id }, { status: 'failed', errorCode: code, errorMessage: message, nextAttemptAt: null });
    await this.outbox.record(transaction, {
      customerId: post.customerId,
      tenantId: post.tenantId,
      type: 'post.failed',
      data: { servicePostId: post.id, deliveryId: delivery.id, connectedAccountId: account.id, platform: account.platform, error: message, errorCode: code },
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
