import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { AccountCallRunner } from '../accounts';
import { Clock } from '../common/clock/clock';
import { ApiException } from '../common/errors/api-exception';
import { NetworkError } from '../networks';
import { afterFailure } from '../posts';
import { payloadId } from '../queue';
import { TaskRegistry } from '../queue';
import { commentsCall } from './comments-call';
import { CommentRequest, SEND_COMMENT_TASK } from './comment-request';
import { CommentsStore } from './comments.store';
import { PublishedDeliveries, PublishedDelivery } from './published-delivery';
import { inNetworkOperation } from '../observability';

/** While the account publishes (or refreshes its token), the answer waits this long and tries again. */
const LANE_BUSY_RETRY_MS = 2_000;

/**
 * Sends one answer to a comment with the guarantees of publishing (docs/queues.md): it holds the
 * account's lane (never beside a publish or a token refresh of the account), marks the attempt
 * `sending` before calling the network (only while its claim is good), and an attempt after one
 * that may have reached the network looks for the answer first, so it is made at most once.
 * Transient errors and rate limits are retried at the same times as a delivery's; an error of
 * our own leaves the row as it is and graphile-worker runs the job again.
 */
@Injectable()
export class SendCommentTask implements OnModuleInit {
  private readonly logger = new Logger('Comments');

  constructor(
    private readonly tasks: TaskRegistry,
    private readonly store: CommentsStore,
    private readonly deliveries: PublishedDeliveries,
    private readonly runner: AccountCallRunner,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.tasks.register(SEND_COMMENT_TASK, (payload) =>
      this.run(payloadId(SEND_COMMENT_TASK, payload, 'commentRequestId')),
    );
  }

  async run(requestId: string): Promise<void> {
    const request = await this.store.byId(requestId);
    if (!request || request.status === 'sent' || request.status === 'failed') return;
    let target: PublishedDelivery;
    try {
      target = await this.deliveries.find(request.customerId, request.postId, request.deliveryId, 'answer_comments');
    } catch (error) {
      if (!(error instanceof ApiException)) throw error;
      // The delivery left the network, or its account needs reconnecting: nothing to answer as.
      const code =
        error.code === 'account_not_active'
          ? 'account_disconnected'
          : error.code === 'permission_missing'
            ? 'permission_missing'
            : 'network_rejected';
      return this.store.failed(request.id, code, error.message);
    }
    // The account is read again under the lane: a publish or refresh before may have rotated its
    // tokens (the refresh token read before the lane would be spent), or expired the account.
    const lane = await this.runner.holdingAccount(request.accountId, request.customerId, (account, workerId) =>
      account?.status === 'active'
        ? this.sendHoldingLane(request.id, { ...target, account }, workerId)
        : account?.status === 'expired'
          ? this.store.failed(request.id, 'token_expired', 'The account must be reconnected')
          : this.store.failed(request.id, 'account_disconnected', 'The account was disconnected'),
    );
    if (!lane.held) await this.store.later(request.id, new Date(this.clock.now().getTime() + LANE_BUSY_RETRY_MS));
  }

  private async sendHoldingLane(requestId: string, target: PublishedDelivery, workerId: string): Promise<void> {
    const begun = await this.store.begin(requestId, workerId);
    if (begun === 'final') return;
    if (begun === 'lost_claim') {
      this.logger.warn({ msg: 'Not answering: the lane was let go', requestId });
      return this.store.later(requestId, new Date(this.clock.now().getTime() + LANE_BUSY_RETRY_MS));
    }
    // Under the lane: a token about to expire is refreshed first; a refused one expires the account.
    const result = await this.runner.call({
      account: target.account,
      tokens: 'fresh',
      expireOnAuthError: true,
      call: inNetworkOperation('reply', (access) =>
        target.comments.answer({
          ...commentsCall(target, access),
          text: begun.text,
          replyToId: begun.replyToId ?? undefined,
          // Every attempt after the first may follow one whose call reached the network.
          resuming: begun.attempts > 1,
        }),
      ),
    });
    if (result.kind !== 'done') return this.recordFailure(begun, target, result.error);
    await this.store.sent(requestId, result.value);
  }

  private async recordFailure(request: CommentRequest, target: PublishedDelivery, error: NetworkError) {
    this.logger.warn({
      msg: 'Answering a comment failed',
      requestId: request.id,
      platform: target.account.platform,
      kind: error.kind,
      err: error.message,
    });
    // The runner has expired the account (and announced it).
    if (error.kind === 'auth_expired') {
      return this.store.failed(
        request.id,
        'token_expired',
        'The network no longer accepts the account token; reconnect the account',
      );
    }
    const next = afterFailure(
      { attempts: request.attempts, rateLimitWaits: request.rateLimitWaits, createdAt: request.createdAt },
      error,
      this.clock.now(),
    );
    if (next.kind === 'fail') return this.store.failed(request.id, next.code, error.message);
    await this.store.retryLater(request.id, {
      at: next.at,
      code: next.code,
      message: error.message,
    });
  }
}
