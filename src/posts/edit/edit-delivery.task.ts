import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { AccountCallRunner } from '../../accounts';
import { ConnectedAccount } from '../../accounts';
import { lackedFor } from '../../networks';
import { NetworkRegistry } from '../../networks';
import { JobQueue } from '../../queue';
import { TaskRegistry } from '../../queue';
import { EventOutbox } from '../../webhooks';
import { Clock } from '../../common/clock/clock';
import { Database } from '../../database';
import type { Transaction } from '../../database';
import { inNetworkOperation } from '../../observability';
import { Delivery } from '../delivery.entity';
import { permissionMessage } from '../permission-problems';
import { PostsStore } from '../posts.store';
import { DeliveryEditError, notSupported, readDeliveryEdit } from './delivery-edit';
import { DeliveryEditsStore } from './delivery-edits.store';
import { EDIT_DELIVERY_TASK, EDIT_MAX_ATTEMPTS, editJobKey, EditDeliveryPayload, parseEditPayload } from './edit-job';

/** While the account publishes, its edit waits this long and tries again. */
const LANE_BUSY_RETRY_MS = 5_000;
/** A rate limit that gives no reset time. */
const RATE_LIMIT_FALLBACK_MS = 60_000;

/**
 * Sends one delivery's requested edit to its network (a graphile-worker job queued by
 * PublishedPostEditor), holding the account's lane as publishing does. At most once: the edit's
 * `sentAt` is written before the call, so an attempt that finds it set (its predecessor's answer
 * was lost) tells the adapter it is resuming, and an adapter whose edit is not idempotent (X: each
 * edit is a new post) looks at the post's edit history before sending again. Transient trouble is
 * thrown for the queue's backoff, a rate limit re-queues the job for its window, a refusal ends the
 * edit `failed` (edit_failed). The outcome and its post.edited event are written once, guarded by
 * the edit's `requested` status.
 */
@Injectable()
export class EditDeliveryTask implements OnModuleInit {
  private readonly logger = new Logger('Edit');

  constructor(
    private readonly database: Database,
    private readonly posts: PostsStore,
    private readonly edits: DeliveryEditsStore,
    private readonly tasks: TaskRegistry,
    private readonly networks: NetworkRegistry,
    private readonly runner: AccountCallRunner,
    private readonly jobs: JobQueue,
    private readonly outbox: EventOutbox,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.tasks.register(EDIT_DELIVERY_TASK, (payload) => this.run(parseEditPayload(payload)));
  }

  async run({ deliveryId }: EditDeliveryPayload): Promise<void> {
    const delivery = await this.edits.findById(deliveryId);
    if (!delivery || readDeliveryEdit(delivery.edit)?.status !== 'requested') return;
    const lane = await this.runner.holdingAccount(delivery.accountId, delivery.customerId, (account) =>
      this.editHoldingLane(deliveryId, account),
    );
    if (!lane.held) await this.again(deliveryId, this.later(LANE_BUSY_RETRY_MS));
  }

  private async editHoldingLane(deliveryId: string, account: ConnectedAccount | null): Promise<void> {
    const delivery = await this.edits.findById(deliveryId);
    const edit = readDeliveryEdit(delivery?.edit);
    if (!delivery || !edit || edit.status !== 'requested' || !delivery.platformPostId) return;
    if (delivery.status !== 'published')
      return this.finish(delivery, account, { code: 'edit_failed', message: `The delivery is ${delivery.status}` });
    if (!account) throw new Error(`Delivery ${deliveryId}: its account ${delivery.accountId} is gone`);
    if (account.status !== 'active')
      return this.finish(delivery, account, {
        code: 'edit_failed',
        message: `The account is ${account.status}; reconnect it, then edit again`,
      });
    const adapter = this.networks.get(delivery.platform);
    const editing = adapter.textEdits;
    if (!editing) return this.finish(delivery, account, notSupported(delivery.platform));
    const lacking = lackedFor(adapter.permissionNeeds, 'publish', account.scopes);
    if (lacking.length)
      return this.finish(delivery, account, {
        code: 'edit_failed',
        message: permissionMessage(account, 'publish', lacking),
      });
    const resuming = edit.sentAt !== null;
    if (!(await this.edits.markSent(deliveryId, this.clock.now()))) return;
    const platformPostId = delivery.platformPostId;
    const result = await this.runner.call({
      account,
      tokens: 'fresh',
      call: inNetworkOperation('edit', ({ tokens, app }) =>
        editing.editText({
          networkAccountId: account.networkAccountId,
          tokens,
          app,
          platformPostId,
          text: edit.text,
          progress: delivery.progress,
          resuming,
        }),
      ),
    });
    if (result.kind === 'done') {
      await this.database.transaction(async (transaction) => {
        const at = this.clock.now();
        const written = await this.edits.edited(
          deliveryId,
          { platformPostId: result.value.platformPostId, progress: result.value.progress, at },
          transaction,
        );
        if (written)
          await this.record(transaction, delivery, account, {
            status: 'edited',
            platformPostId: result.value.platformPostId,
            editedAt: at.toISOString(),
            error: null,
          });
      });
      return;
    }
    const { error } = result;
    this.logger.warn({
      msg: 'Editing on the network failed',
      deliveryId,
      platform: delivery.platform,
      kind: error.kind,
      err: error.message,
    });
    // The queue's backoff retries it; `sentAt` stays, so the next attempt looks before it sends.
    if (result.kind === 'transient') throw error;
    if (result.kind === 'rate_limited')
      return this.again(deliveryId, result.retryAt ?? this.later(RATE_LIMIT_FALLBACK_MS));
    return this.finish(delivery, account, { code: 'edit_failed', message: error.message });
  }

  /** The edit ends refused: on the delivery, and in its post.edited event. */
  private async finish(delivery: Delivery, account: ConnectedAccount | null, error: DeliveryEditError): Promise<void> {
    await this.database.transaction(async (transaction) => {
      if (!(await this.edits.failed(delivery.id, error, transaction))) return;
      await this.record(transaction, delivery, account, {
        status: 'failed',
        platformPostId: delivery.platformPostId!,
        editedAt: null,
        error,
      });
    });
  }

  private async record(
    transaction: Transaction,
    delivery: Delivery,
    account: ConnectedAccount | null,
    outcome: {
      status: 'edited' | 'failed';
      platformPostId: string;
      editedAt: string | null;
      error: DeliveryEditError | null;
    },
  ): Promise<void> {
    const post = await this.posts.findById(delivery.postId, transaction);
    await this.outbox.record(transaction, {
      customerId: post.customerId,
      tenantId: post.tenantId,
      type: 'post.edited',
      data: {
        servicePostId: post.id,
        deliveryId: delivery.id,
        connectedAccountId: account?.id ?? delivery.accountId,
        platform: delivery.platform,
        ...outcome,
      },
    });
  }

  private later(ms: number): Date {
    return new Date(this.clock.now().getTime() + ms);
  }

  /** The same job again at `at` (a new job: this one ends done), for a rate limit's window or a busy lane. */
  private async again(deliveryId: string, at: Date): Promise<void> {
    await this.jobs.enqueueAlone({
      task: EDIT_DELIVERY_TASK,
      payload: { deliveryId },
      jobKey: editJobKey(deliveryId),
      runAt: at,
      maxAttempts: EDIT_MAX_ATTEMPTS,
    });
  }
}
