import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { ApiException } from '../common/errors/api-exception';
import { Database } from '../database';
import { NetworkComment } from '../networks';
import { CommentRead, CommentReadState, readNewComments } from './comment-reading';
import { payloadId } from '../queue';
import { TaskRegistry } from '../queue';
import { EventOutbox } from '../webhooks';
import { SCAN_COMMENTS_TASK } from './comment-scan';
import { AccountCallRunner } from '../accounts';
import { commentsCall } from './comments-call';
import { CommentsStore, ScannedDelivery } from './comments.store';
import { PublishedDeliveries, PublishedDelivery } from './published-delivery';
import { inNetworkOperation } from '../observability';

/** Newest-first pages read per scan of a delivery, at most: a larger burst is read on by the next scans. */
const PAGES_PER_SCAN = 4;
const PAGE_SIZE = 50;

/** The delivery's read state as stored; at first, nothing announced after its publishing time. */
function storedState(row: ScannedDelivery, publishedAt: Date): CommentReadState {
  return {
    mark: {
      // At first, the second the delivery was published in: networks give comment times in whole seconds.
      newestAt: row.newestAt ? row.newestAt.getTime() : Math.floor(publishedAt.getTime() / 1000) * 1000 - 1,
      idsAtNewest: row.idsAtNewest ?? [],
    },
    backlog:
      row.backlogCursor && row.backlogUntil
        ? {
            cursor: row.backlogCursor,
            until: { newestAt: row.backlogUntil.getTime(), idsAtNewest: row.backlogIds ?? [] },
          }
        : null,
  };
}

/**
 * Reads one delivery's new comments (readNewComments: the rest of a large burst, then the newest
 * down to its watermark; at first, its publishing time) and announces, once each, those by someone
 * else: comment.received events, recorded in the same transaction as the new read state. The
 * network's trouble is not retried here: the next scan reads again (after a rate limit, not before
 * the network's reset).
 */
@Injectable()
export class ScanCommentsTask implements OnModuleInit {
  private readonly logger = new Logger('Comments');

  constructor(
    private readonly database: Database,
    private readonly comments: CommentsStore,
    private readonly tasks: TaskRegistry,
    private readonly deliveries: PublishedDeliveries,
    private readonly runner: AccountCallRunner,
    private readonly outbox: EventOutbox,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.tasks.register(SCAN_COMMENTS_TASK, (payload) =>
      this.run(payloadId(SCAN_COMMENTS_TASK, payload, 'deliveryId')),
    );
  }

  async run(deliveryId: string): Promise<void> {
    const row = await this.comments.scannedDelivery(deliveryId);
    if (!row || !row.publishedAt) return;
    let target: PublishedDelivery;
    try {
      target = await this.deliveries.find(row.customerId, row.postId, deliveryId, 'read_comments');
    } catch (error) {
      if (error instanceof ApiException) return; // No longer published, its account needs reconnecting, or may not read comments.
      throw error;
    }
    const state = storedState(row, row.publishedAt);
    // No lane: the stored tokens as they are (renewing them is the token lifecycle's, under the lane).
    const result = await this.runner.call({
      account: target.account,
      tokens: 'stored',
      call: (access) => {
        const call = commentsCall(target, access);
        return readNewComments(
          state,
          inNetworkOperation('comments', (cursor: string | undefined) =>
            target.comments.listComments(call, { limit: PAGE_SIZE, cursor }),
          ),
          PAGES_PER_SCAN,
        );
      },
    });
    if (result.kind !== 'done') {
      const { error } = result;
      this.logger.warn({ msg: 'Reading comments failed', deliveryId, kind: error.kind, err: error.message });
      const until = result.kind === 'rate_limited' ? result.retryAt : undefined;
      return this.comments.saveReadState(deliveryId, row.customerId, state, until ?? this.clock.now());
    }
    const read: CommentRead = result.value;
    if (read.droppedBacklog)
      this.logger.warn({
        msg: 'Older comments of a burst given up: the network no longer reads on from its cursor',
        deliveryId,
        err: read.droppedBacklog.message,
      });
    await this.announce(target, row, read.fresh, read.next);
  }

  private async announce(
    target: PublishedDelivery,
    row: ScannedDelivery,
    fresh: NetworkComment[],
    next: CommentReadState,
  ): Promise<void> {
    const { delivery, account } = target;
    await this.database.transaction(async (transaction) => {
      // Oldest first, as they were written.
      for (const comment of [...fresh].reverse().filter((candidate) => !candidate.own)) {
        await this.outbox.record(transaction, {
          customerId: row.customerId,
          tenantId: row.tenantId,
          type: 'comment.received',
          data: {
            servicePostId: row.postId,
            deliveryId: delivery.id,
            connectedAccountId: account.id,
            platform: account.platform,
            platformPostId: delivery.platformPostId,
            comment: {
              id: comment.id,
              text: comment.text,
              authorId: comment.authorId,
              authorName: comment.authorName,
              createdAt: comment.createdAt,
              replyToId: comment.replyToId,
            },
          },
        });
      }
      await this.comments.saveReadState(delivery.id, row.customerId, next, this.clock.now(), transaction);
    });
  }
}
