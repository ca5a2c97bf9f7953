import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import { EventOutbox } from '../webhooks/event-outbox';
import { ApiException } from '../common/errors/api-exception';
import { beforeCursorSql, createdMicrosSql, decodeCursor, encodeCursor } from '../common/http/page-cursor';
import { ID_PREFIX } from '../common/ids';
import { PreparedStatements } from '../database/prepared-statements';
import { fromPrefixedRow, prefixedColumns } from '../database/raw-rows';
import { cancelNotStarted } from './cancel-not-started';
import { Delivery } from './delivery.entity';
import { CreatePostBody } from './dto/create-post.body';
import { PostPageView, PostView } from './dto/post.view';
import { ListPostsQuery } from './dto/list-posts.query';
import { IdempotencyKeys, requestHash } from './idempotency';
import { Post } from './post.entity';
import { PostAcceptance } from './post-acceptance';
import { PostReview } from './post-review';
import { MediaReachability } from './media-reachability';
import { postVerdict } from './post-verdict';
import { PostVerdictView } from './dto/post-verdict.view';
import { postView } from './post-views';
import { PostWriteBatcher } from './post-write-batcher';
import { PostWriter, WrittenPost } from './post-writer';

export interface CreatedPost {
  status: number;
  body: PostView;
}

const ACCEPTED = 202;

/** Posts a filtered list may read past its page in one request, before it answers with a cursor. */
export const STATUS_SCAN_EXTRA = 500;
/** Posts read at once while filtering by status. */
const STATUS_SCAN_BATCH = 200;

@Injectable()
export class PostsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly acceptance: PostAcceptance,
    private readonly review: PostReview,
    private readonly writer: PostWriter,
    private readonly batcher: PostWriteBatcher,
    private readonly statements: PreparedStatements,
    private readonly outbox: EventOutbox,
    private readonly reachability: MediaReachability,
  ) {}

  private postWithDeliveriesSql: string | undefined;

  /**
   * Accepts a post: the post, its deliveries and their publishing jobs are written in one
   * transaction, so a 202 means every delivery will be attempted, and an error means nothing was.
   */
  async create(customerId: string, body: CreatePostBody, idempotencyKey?: string): Promise<CreatedPost> {
    const accepted = await this.acceptance.accept(customerId, body);
    // Without a key, posts arriving together are written in one statement (atomic by itself).
    if (!idempotencyKey) {
      const { post, deliveries } = await this.batcher.write({ customerId, tenantId: body.tenant_id, accepted });
      return { status: ACCEPTED, body: postView(post, deliveries) };
    }
    return this.dataSource.transaction(async (transaction) => {
      const claim = await IdempotencyKeys.claim(transaction, customerId, idempotencyKey, requestHash(body));
      if (claim.kind === 'replay') return { status: claim.status, body: claim.body as PostView };
      const [{ post, deliveries }] = (await this.writer.write(transaction, [
        { customerId, tenantId: body.tenant_id, accepted },
      ])) as [WrittenPost];
      const view = postView(post, deliveries);
      await IdempotencyKeys.store(transaction, customerId, idempotencyKey, ACCEPTED, view);
      return { status: ACCEPTED, body: view };
    });
  }

  /**
   * What POST /posts would say of this body now, without doing any of it: the same checks
   * (PostReview), every problem reported, and nothing written, queued or sent; an Idempotency-Key
   * is not looked at. Unlike POST /posts it also fetches each media URL, and says which does not
   * answer as a warning (MediaReachability).
   */
  async validate(customerId: string, body: CreatePostBody): Promise<PostVerdictView> {
    const reviewed = await this.review.review(customerId, body);
    return postVerdict(reviewed, await this.reachability.warnings(customerId, body, reviewed.mediaProblems));
  }

  /** The post with its deliveries: one prepared statement (a row per delivery), as it is polled often. */
  async get(customerId: string, id: string, transaction?: EntityManager): Promise<PostView> {
    this.postWithDeliveriesSql ??= `SELECT ${prefixedColumns(this.dataSource, Post, 'p', 'p')}, ${prefixedColumns(this.dataSource, Delivery, 'd', 'd')}
        FROM posts p LEFT JOIN deliveries d ON d.post_id = p.id
       WHERE p.customer_id = $1 AND p.id = $2
       ORDER BY d.created_at, d.id`;
    const rows = await this.statements.query<Record<string, unknown>>(
      this.postWithDeliveriesSql,
      [customerId, id],
      transaction,
    );
    const [first] = rows;
    if (!first) throw ApiException.notFound('Post');
    const post = fromPrefixedRow(this.dataSource, Post, first, 'p');
    const deliveries =
      first.d_id === null ? [] : rows.map((row) => fromPrefixedRow(this.dataSource, Delivery, row, 'd'));
    return postView(post, deliveries);
  }

  /**
   * Newest first; the cursor is the last post's (createdAt, id), createdAt to the microsecond as
   * Postgres keeps it (a cursor in milliseconds would skip posts made in the same millisecond).
   *
   * A status is derived from the deliveries, never stored, so a status filter is applied to the
   * posts read, in batches. One request reads at most its page and STATUS_SCAN_EXTRA posts more:
   * when that is spent before the page is full, the page is answered as far as it got (short, even
   * empty) with a cursor after the last post read, and the next request goes on from there. So a
   * tenant with thousands of posts of other statuses costs each request a bounded read, and no
   * post is skipped.
   */
  async list(customerId: string, query: ListPostsQuery): Promise<PostPageView> {
    const limit = query.limit ?? 20;
    const cursor = query.cursor ? decodeCursor(query.cursor, ID_PREFIX.post) : undefined;
    const statusFilter = query.status;
    const collected: Array<{ view: PostView; exact: string }> = [];
    let after = cursor;
    /** Posts this request may still read: the page and one more (to know there is more), plus, filtered, the scan's bound. */
    let budget = limit + 1 + (statusFilter ? STATUS_SCAN_EXTRA : 0);
    /** Whether the last batch filled its limit: posts past it may remain. */
    let maybeMore = false;
    while (collected.length <= limit && budget > 0) {
      const batch = Math.min(budget, statusFilter ? STATUS_SCAN_BATCH : limit + 1);
      const builder = this.dataSource
        .getRepository(Post)
        .createQueryBuilder('post')
        .addSelect(createdMicrosSql('post.created_at'), 'created_exact')
        .where('post.customer_id = :customerId AND post.tenant_id = :tenantId', {
          customerId,
          tenantId: query.tenantId,
        })
        .orderBy('post.created_at', 'DESC')
        .addOrderBy('post.id', 'DESC')
        .limit(batch);
      if (after) {
        builder.andWhere(beforeCursorSql('post.created_at', 'post.id', ':createdMicros', ':id'), {
          createdMicros: after.createdMicros,
          id: after.id,
        });
      }
      const { entities: posts, raw } = await builder.getRawAndEntities<{ created_exact: string }>();
      budget -= posts.length;
      maybeMore = posts.length === batch;
      if (posts.length === 0) break;
      const deliveries = await this.dataSource
        .getRepository(Delivery)
        .find({ where: { postId: In(posts.map((post) => post.id)) }, order: { createdAt: 'ASC', id: 'ASC' } });
      posts.forEach((post, index) => {
        const view = postView(
          post,
          deliveries.filter((delivery) => delivery.postId === post.id),
        );
        if (!statusFilter || view.status === statusFilter) collected.push({ view, exact: raw[index]!.created_exact });
      });
      after = { createdMicros: raw[posts.length - 1]!.created_exact, id: posts[posts.length - 1]!.id };
      if (!maybeMore) break;
    }
    const page = collected.slice(0, limit);
    const lastShown = page[page.length - 1];
    let nextCursor: string | null = null;
    // A full page with more after it: go on after its last post.
    if (collected.length > limit && lastShown)
      nextCursor = encodeCursor({ createdMicros: lastShown.exact, id: lastShown.view.id });
    // The scan's bound was reached first: go on after the last post read (none between matched).
    else if (maybeMore && after) nextCursor = encodeCursor(after);
    return { posts: page.map((item) => item.view), nextCursor };
  }

  /**
   * Cancels the deliveries not yet started (published ones stay on the network) and records
   * post.canceled when it stopped any (cancelNotStarted, shared with unpublish). One UPDATE and no
   * lock on the post first: a delivery's final write locks its row and then its post's (trigger
   * record_post_completed); taking them the other way round here could deadlock with a worker
   * failing a pending delivery of the same post.
   */
  async cancel(customerId: string, id: string): Promise<PostView> {
    return this.dataSource.transaction(async (transaction) => {
      const post = await transaction.findOneBy(Post, { customerId, id });
      if (!post) throw ApiException.notFound('Post');
      await cancelNotStarted(transaction, this.outbox, post);
      return this.get(customerId, id, transaction);
    });
  }
}
