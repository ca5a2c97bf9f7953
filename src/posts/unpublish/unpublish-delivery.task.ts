import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { AccountCallRunner } from '../../accounts';
import { ConnectedAccount } from '../../accounts';
import { lackedFor } from '../../networks';
import { deletesPosts } from '../../networks';
import { NetworkRegistry } from '../../networks';
import { JobQueue } from '../../queue';
import { TaskRegistry } from '../../queue';
import { EventOutbox } from '../../webhooks';
import { Clock } from '../../common/clock/clock';
import { Database } from '../../database';
import { DeliveriesStore } from '../deliveries.store';
import { Delivery } from '../delivery.entity';
import { permissionMessage } from '../permission-problems';
import { PostsStore } from '../posts.store';
import {
  parseUnpublishPayload,
  UNPUBLISH_DELIVERY_TASK,
  UNPUBLISH_MAX_ATTEMPTS,
  UnpublishDeliveryPayload,
  unpublishJobKey,
} from './unpublish-job';
import { inNetworkOperation } from '../../observability';

/** While the account publishes, its delete waits this long and tries again. */
const LANE_BUSY_RETRY_MS = 5_000;
/** A rate limit that gives no reset time. */
const RATE_LIMIT_FALLBACK_MS = 60_000;

/**
 * Deletes one `deleting` delivery from its network (a graphile-worker job, queued by
 * UnpublishService). A delete is idempotent at the network (a post already gone counts as
 * deleted), so a retry after a crash or a transient failure is safe: transient trouble is thrown
 * for the queue's backoff, a rate limit re-queues the job for its window (no sleeping), and a
 * refusal puts the delivery back to `published` with unpublish_failed. The final write and its
 * post.deleted event happen once, guarded by the `deleting` status.
 */
@Injectable()
export class UnpublishDeliveryTask implements OnModuleInit {
  private readonly logger = new Logger('Unpublish');

  constructor(
    private readonly database: Database,
    private readonly posts: PostsStore,
    private readonly deliveries: DeliveriesStore,
    private readonly tasks: TaskRegistry,
    private readonly networks: NetworkRegistry,
    private readonly runner: AccountCallRunner,
    private readonly jobs: JobQueue,
    private readonly outbox: EventOutbox,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.tasks.register(UNPUBLISH_DELIVERY_TASK, (payload) => this.run(parseUnpublishPayload(payload)));
  }

  async run({ deliveryId }: UnpublishDeliveryPayload): Promise<void> {
    const delivery = await this.deliveries.findById(deliveryId);
    if (!delivery || delivery.status !== 'deleting') return;
    // Holding the account's lane, as publishing and token refreshes do: an X refresh token is
    // single-use, so two callers refreshing one account at once would spend it twice.
    const lane = await this.runner.holdingAccount(delivery.accountId, delivery.customerId, (account) =>
      this.deleteHoldingLane(deliveryId, account),
    );
    if (!lane.held) await this.again(deliveryId, this.later(LANE_BUSY_RETRY_MS));
  }

  /** `found`: the delivery's account, read under the lane (it cannot be gone: a delivery's account is kept). */
  private async deleteHoldingLane(deliveryId: string, found: ConnectedAccount | null): Promise<void> {
    const delivery = await this.deliveries.findById(deliveryId);
    if (!delivery || delivery.status !== 'deleting' || !delivery.platformPostId) return;
    if (!found) throw new Error(`Delivery ${deliveryId}: its account ${delivery.accountId} is gone`);
    const account = found;
    if (account.status !== 'active')
      return this.refused(delivery, `The account is ${account.status}; reconnect it, then unpublish again`);
    const adapter = this.networks.get(delivery.platform);
    // The login may have changed since the delete was queued (INSTAGRAM_LOGIN): refused, not attempted.
    if (!deletesPosts(adapter)) return this.refused(delivery, 'This network cannot delete a post through its API');
    // A permission declined at connect (or asked only since, as instagram_manage_contents): refused
    // without a call the network would refuse, saying what to grant.
    const lacking = lackedFor(adapter.permissionNeeds, 'unpublish', account.scopes);
    if (lacking.length) return this.refused(delivery, permissionMessage(account, 'unpublish', lacking));
    const platformPostId = delivery.platformPostId;
    // A refused token leaves the account as it is here: the delete is refused, the post stays.
    const result = await this.runner.call({
      account,
      tokens: 'fresh',
      call: inNetworkOperation('unpublish', ({ tokens, app }) =>
        adapter.unpublish({
          networkAccountId: account.networkAccountId,
          tokens,
          app,
          platformPostId,
          progress: delivery.progress,
        }),
      ),
    });
    if (result.kind !== 'done') {
      const { error } = result;
      this.logger.warn({
        msg: 'Deleting from the network failed',
        deliveryId,
        platform: delivery.platform,
        kind: error.kind,
        err: error.message,
      });
      // The queue's backoff retries it.
      if (result.kind === 'transient') throw error;
      if (result.kind === 'rate_limited')
        return this.again(deliveryId, result.retryAt ?? this.later(RATE_LIMIT_FALLBACK_MS));
      return this.refused(delivery, error.message);
    }
    await this.deleted(delivery, account);
  }

  private async deleted(delivery: Delivery, account: ConnectedAccount): Promise<void> {
    await this.database.transaction(async (transaction) => {
      if (!(await this.deliveries.markDeleted(delivery.id, transaction))) return;
      const post = await this.posts.findById(delivery.postId, transaction);
      await this.outbox.record(transaction, {
        customerId: post.customerId,
        tenantId: post.tenantId,
        type: 'post.deleted',
        data: {
          servicePostId: post.id,
          deliveryId: delivery.id,
          connectedAccountId: account.id,
          platform: delivery.platform,
          platformPostId: delivery.platformPostId!,
        },
      });
    });
  }

  /** Still on the network: back to `published`, the reason on the delivery; unpublishing again retries. */
  private async refused(delivery: Delivery, message: string): Promise<void> {
    await this.deliveries.unpublishRefused(delivery.id, message);
  }

  /** `ms` from now, by the clock. */
  private later(ms: number): Date {
    return new Date(this.clock.now().getTime() + ms);
  }

  /** The same job again at `at` (a new job: this one ends done), for a rate limit's window or a busy lane. */
  private async again(deliveryId: string, at: Date): Promise<void> {
    await this.jobs.enqueueAlone({
      task: UNPUBLISH_DELIVERY_TASK,
      payload: { deliveryId },
      jobKey: unpublishJobKey(deliveryId),
      runAt: at,
      maxAttempts: UNPUBLISH_MAX_ATTEMPTS,
    });
  }
}
