import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ApiException } from '../common/errors/api-exception';
import { NetworkComment } from '../networks/network-adapter';
import { CommentRead, CommentReadState, readNewComments } from './comment-reading';
import { NetworkError } from '../networks/network-error';
import { payloadId } from '../queue/job-payload';
import { TaskRegistry } from '../queue/task-registry';
import { EventOutbox } from '../webhooks/event-outbox';
import { SCAN_COMMENTS_TASK } from './comment-scan';
import { CommentsCalls } from './comments-call';
import { PublishedDeliveries, PublishedDelivery } from './published-delivery';

/** Newest-first pages read per scan of a delivery, at most: a larger burst is read on by the next scans. */
const PAGES_PER_SCAN = 4;
const PAGE_SIZE = 50;

interface ScannedDelivery {
  customer_id: string;
  post_id: string;
  tenant_id: string;
  published_at: Date;
  newest_at: Date | null;
  ids_at_newest: string[] | null;
  backlog_cursor: string | null;
  backlog_until: Date | null;
  backlog_ids: string[] | null;
}

/** The delivery's read state as stored; at first, nothing announced after its publishing time. */
function storedState(row: ScannedDelivery): CommentReadState {
  return {
    mark: {
      // At first, the second the delivery was published in: networks give comment times in whole seconds.
      newestAt: row.newest_at ? row.newest_at.getTime() : Math.floor(row.published_at.getTime() / 1000) * 1000 - 1,
      idsAtNewest: row.ids_at_newest ?? [],
    },
    backlog:
      row.backlog_cursor && row.backlog_until
        ? {
            cursor: row.backlog_cursor,
            until: { newestAt: row.backlog_until.getTime(), idsAtNewest: row.backlog_ids ?? [] },
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
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly tasks: TaskRegistry,
    private readonly deliveries: PublishedDeliveries,
    private readonly calls: CommentsCalls,
    private readonly outbox: EventOutbox,
  ) {}

  onModuleInit(): void {
    this.tasks.register(SCAN_COMMENTS_TASK, (payload) =>
      this.run(payloadId(SCAN_COMMENTS_TASK, payload, 'deliveryId')),
    );
  }

  async run(deliveryId: string): Promise<void> {
    const [row] = (await this.dataSource.query(
      `SELECT d.customer_id, d.post_id, p.tenant_id, d.published_at, w.newest_at, w.ids_at_newest,
              w.backlog_cursor, w.backlog_until, w.backlog_ids
         FROM deliveries d JOIN posts p ON p.id = d.post_id
         LEFT JOIN comment_watermarks w ON w.delivery_id = d.id
        WHERE d.id = $1`,
      [deliveryId],
    )) as ScannedDelivery[];
    if (!row || !row.published_at) return;
    let target: PublishedDelivery;
    try {
      target = await this.deliveries.find(row.customer_id, row.post_id, deliveryId, 'read_comments');
    } catch (error) {
      if (error instanceof ApiException) return; // No longer published, its account needs reconnecting, or may not read comments.
      throw error;
    }
    const state = storedState(row);
    let read: CommentRead;
    try {
      const call = await this.calls.callFor(target);
      read = await readNewComments(
        state,
        (cursor) => target.comments.listComments(call, { limit: PAGE_SIZE, cursor }),
        PAGES_PER_SCAN,
      );
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      this.logger.warn({ msg: 'Reading comments failed', deliveryId, kind: error.kind, err: error.message });
      const until = error.kind === 'rate_limited' ? error.details.retryAt : undefined;
      return this.remember(deliveryId, row.customer_id, state, until ?? new Date());
    }
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
    await this.dataSource.transaction(async (transaction) => {
      // Oldest first, as they were written.
      for (const comment of [...fresh].reverse().filter((candidate) => !candidate.own)) {
        await this.outbox.record(transaction, {
          customerId: row.customer_id,
          tenantId: row.tenant_id,
          type: 'comment.received',
          data: {
            servicePostId: row.post_id,
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
      await this.remember(delivery.id, row.customer_id, next, new Date(), transaction.query.bind(transaction));
    });
  }

  private async remember(
    deliveryId: string,
    customerId: string,
    { mark, backlog }: CommentReadState,
    scannedAt: Date,
    query: (sql: string, params: unknown[]) => Promise<unknown> = this.dataSource.query.bind(this.dataSource),
  ): Promise<void> {
    await query(
      `INSERT INTO comment_watermarks
         (delivery_id, customer_id, newest_at, ids_at_newest, scanned_at, backlog_cursor, backlog_until, backlog_ids)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (delivery_id) DO UPDATE
         SET newest_at = excluded.newest_at, ids_at_newest = excluded.ids_at_newest, scanned_at = excluded.scanned_at,
             backlog_cursor = excluded.backlog_cursor, backlog_until = excluded.backlog_until,
             backlog_ids = excluded.backlog_ids`,
      [
        deliveryId,
        customerId,
        new Date(mark.newestAt),
        mark.idsAtNewest,
        scannedAt,
        backlog?.cursor ?? null,
        backlog ? new Date(backlog.until.newestAt) : null,
        backlog?.until.idsAtNewest ?? null,
      ],
    );
  }
}
