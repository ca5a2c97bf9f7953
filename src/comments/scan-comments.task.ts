import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ApiException } from '../common/errors/api-exception';
import { NetworkComment } from '../networks/network-adapter';
import { NetworkError } from '../networks/network-error';
import { payloadId } from '../queue/job-payload';
import { TaskRegistry } from '../queue/task-registry';
import { EventOutbox } from '../webhooks/event-outbox';
import { SCAN_COMMENTS_TASK } from './comment-scan';
import { CommentsCalls } from './comments-call';
import { PublishedDeliveries, PublishedDelivery } from './published-delivery';

/**
 * Newest-first pages read per scan of a delivery, at most: a burst larger than this between two
 * scans is announced from its newest comments, and the older rest is not (the watermark moves on).
 */
const PAGES_PER_SCAN = 4;
const PAGE_SIZE = 50;

interface Watermark {
  newestAt: number;
  idsAtNewest: string[];
}

interface ScannedDelivery {
  customer_id: string;
  post_id: string;
  tenant_id: string;
  published_at: Date;
  newest_at: Date | null;
  ids_at_newest: string[] | null;
}

/** Newer than the watermark, or at its time (networks give seconds) and not yet announced. */
function isNew(comment: NetworkComment, mark: Watermark): boolean {
  const at = Date.parse(comment.createdAt);
  return at > mark.newestAt || (at === mark.newestAt && !mark.idsAtNewest.includes(comment.id));
}

/**
 * Reads one delivery's newest comments and announces, once each, those by someone else that are
 * newer than its watermark (at first, its publishing time): comment.received events, recorded in
 * the same transaction as the new watermark. The network's trouble is not retried here: the next
 * scan reads again (after a rate limit, not before the network's reset).
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
      `SELECT d.customer_id, d.post_id, p.tenant_id, d.published_at, w.newest_at, w.ids_at_newest
         FROM deliveries d JOIN posts p ON p.id = d.post_id
         LEFT JOIN comment_watermarks w ON w.delivery_id = d.id
        WHERE d.id = $1`,
      [deliveryId],
    )) as ScannedDelivery[];
    if (!row || !row.published_at) return;
    let target: PublishedDelivery;
    try {
      target = await this.deliveries.find(row.customer_id, row.post_id, deliveryId);
    } catch (error) {
      if (error instanceof ApiException) return; // No longer published, or its account needs reconnecting.
      throw error;
    }
    const mark: Watermark = {
      // At first, the second the delivery was published in: networks give comment times in whole seconds.
      newestAt: row.newest_at ? row.newest_at.getTime() : Math.floor(row.published_at.getTime() / 1000) * 1000 - 1,
      idsAtNewest: row.ids_at_newest ?? [],
    };
    let fresh: NetworkComment[];
    try {
      fresh = await this.newComments(target, mark);
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      this.logger.warn({ msg: 'Reading comments failed', deliveryId, kind: error.kind, err: error.message });
      const until = error.kind === 'rate_limited' ? error.details.retryAt : undefined;
      return this.remember(deliveryId, row.customer_id, mark, until ?? new Date());
    }
    await this.announce(target, row, mark, fresh);
  }

  /** The comments newer than the mark, newest first, by someone else. */
  private async newComments(target: PublishedDelivery, mark: Watermark): Promise<NetworkComment[]> {
    const call = await this.calls.callFor(target);
    const found: NetworkComment[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < PAGES_PER_SCAN; page++) {
      const read = await target.comments.listComments(call, { limit: PAGE_SIZE, cursor });
      const newer = read.comments.filter((comment) => isNew(comment, mark));
      found.push(...newer);
      // Newest first: a page that reaches the mark ends the read.
      if (newer.length < read.comments.length || !read.next) break;
      cursor = read.next;
    }
    return found;
  }

  private async announce(
    target: PublishedDelivery,
    row: ScannedDelivery,
    mark: Watermark,
    fresh: NetworkComment[],
  ): Promise<void> {
    const newestAt = Math.max(mark.newestAt, ...fresh.map((comment) => Date.parse(comment.createdAt)));
    const next: Watermark = {
      newestAt,
      idsAtNewest: [
        ...(newestAt === mark.newestAt ? mark.idsAtNewest : []),
        ...fresh.filter((comment) => Date.parse(comment.createdAt) === newestAt).map((comment) => comment.id),
      ],
    };
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
    mark: Watermark,
    scannedAt: Date,
    query: (sql: string, params: unknown[]) => Promise<unknown> = this.dataSource.query.bind(this.dataSource),
  ): Promise<void> {
    await query(
      `INSERT INTO comment_watermarks (delivery_id, customer_id, newest_at, ids_at_newest, scanned_at)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (delivery_id) DO UPDATE
         SET newest_at = excluded.newest_at, ids_at_newest = excluded.ids_at_newest, scanned_at = excluded.scanned_at`,
      [deliveryId, customerId, new Date(mark.newestAt), mark.idsAtNewest, scannedAt],
    );
  }
}
