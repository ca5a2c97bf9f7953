import { Injectable } from '@nestjs/common';
import { EventOutbox } from '../webhooks';
import { Clock } from '../common/clock/clock';
import { ApiException } from '../common/errors/api-exception';
import { decodeCursor, encodeCursor } from '../common/http/page-cursor';
import { ID_PREFIX } from '../common/ids';
import { Database } from '../database';
import type { Transaction } from '../database';
import { cancelNotStarted } from './cancel-not-started';
import { DeliveriesStore } from './deliveries.store';
import { CreatePostBody } from './dto/create-post.body';
import { Paginated } from '../common/http/paginated';
import { PostView } from './dto/post.view';
import { ListPostsQuery } from './dto/list-posts.query';
import { claimIdempotencyKey, requestHash } from './idempotency';
import { PostAcceptance } from './post-acceptance';
import { PostReview } from './post-review';
import { MediaReachability } from './media-reachability';
import { postVerdict } from './post-verdict';
import { PostVerdictView } from './dto/post-verdict.view';
import { postView } from './post-views';
import { PostWriteBatcher } from './post-write-batcher';
import { PostWriter } from './post-writer';
import { PostsStore } from './posts.store';
import { requestOf } from './post-request';
import { currentTraceParent } from '../observability';

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
    private readonly database: Database,
    private readonly store: PostsStore,
    private readonly deliveries: DeliveriesStore,
    private readonly acceptance: PostAcceptance,
    private readonly review: PostReview,
    private readonly writer: PostWriter,
    private readonly batcher: PostWriteBatcher,
    private readonly outbox: EventOutbox,
    private readonly reachability: MediaReachability,
    private readonly clock: Clock,
  ) {}

  /**
   * Accepts a post: the post, its deliveries and their publishing jobs are written in one
   * transaction, so a 202 means every delivery will be attempted, and an error means nothing was.
   */
  async create(customerId: string, body: CreatePostBody, idempotencyKey?: string): Promise<CreatedPost> {
    const accepted = await this.acceptance.accept(customerId, body, this.clock.now());
    // Kept with the post: its deliveries' attempts, on any worker, join this request's trace.
    const traceParent = currentTraceParent();
    // Without a key, posts arriving together are written in one statement (atomic by itself).
    if (!idempotencyKey) {
      const { post, deliveries } = await this.batcher.write({
        customerId,
        tenantId: body.tenant_id,
        accepted,
        traceParent,
        request: requestOf(body),
      });
      return { status: ACCEPTED, body: postView(post, deliveries) };
    }
    return this.database.transaction(async (transaction) => {
      const claim = await claimIdempotencyKey(this.store, customerId, idempotencyKey, requestHash(body), transaction);
      if (claim.kind === 'replay') return { status: claim.status, body: claim.body as PostView };
      const [written] = await this.writer.write(
        [{ customerId, tenantId: body.tenant_id, accepted, traceParent, request: requestOf(body) }],
        transaction,
      );
      const view = postView(written!.post, written!.deliveries);
      await this.store.storeIdempotentResponse(customerId, idempotencyKey, ACCEPTED, view, transaction);
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
    const reviewed = await this.review.review(customerId, body, this.clock.now());
    return postVerdict(reviewed, await this.reachability.warnings(customerId, body, reviewed.mediaProblems));
  }

  /** The post with its deliveries: one prepared statement (a row per delivery), as it is polled often. */
  async get(customerId: string, id: string, transaction?: Transaction): Promise<PostView> {
    const found = await this.store.getWithDeliveries(customerId, id, transaction);
    if (!found) throw ApiException.notFound('Post');
    return postView(found.post, found.deliveries);
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
  async list(customerId: string, query: ListPostsQuery): Promise<Paginated<PostView>> {
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
      const posts = await this.store.newestPage(customerId, query.tenantId, after, batch);
      budget -= posts.length;
      maybeMore = posts.length === batch;
      if (posts.length === 0) break;
      const deliveries = await this.store.deliveriesOf(posts.map(({ post }) => post.id));
      for (const { post, createdMicros } of posts) {
        const view = postView(
          post,
          deliveries.filter((delivery) => delivery.postId === post.id),
        );
        if (!statusFilter || view.status === statusFilter) collected.push({ view, exact: createdMicros });
      }
      const last = posts[posts.length - 1]!;
      after = { createdMicros: last.createdMicros, id: last.post.id };
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
    return new Paginated(
      page.map((item) => item.view),
      { nextCursor },
    );
  }

  /**
   * Cancels the deliveries not yet started (published ones stay on the network) and records
   * post.canceled when it stopped any (cancelNotStarted, shared with unpublish). One UPDATE and no
   * lock on the post first: a delivery's final write locks its row and then its post's (trigger
   * record_post_completed); taking them the other way round here could deadlock with a worker
   * failing a pending delivery of the same post.
   */
  async cancel(customerId: string, id: string): Promise<PostView> {
    return this.database.transaction(async (transaction) => {
      const post = await this.store.find(customerId, id, transaction);
      if (!post) throw ApiException.notFound('Post');
      await cancelNotStarted(this.deliveries, this.outbox, post, transaction);
      return this.get(customerId, id, transaction);
    });
  }
}
