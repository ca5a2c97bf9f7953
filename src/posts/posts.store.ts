import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, SelectQueryBuilder } from 'typeorm';
import { beforeCursorSql, createdMicrosSql, PageCursor } from '../common/http/page-cursor';
import { Database, postEditLockKey } from '../database';
import { fromPrefixedRow, prefixedColumns } from '../database';
import type { Transaction } from '../database';
import { Delivery } from './delivery.entity';
import {
  CLAIM_IDEMPOTENCY_KEY,
  IDEMPOTENCY_KEY,
  IdempotencyKeyRow,
  PURGE_IDEMPOTENCY_KEYS,
  STORE_IDEMPOTENT_RESPONSE,
} from './idempotency-keys.sql';
import { Post } from './post.entity';

/** A post with its deliveries, oldest delivery first. */
export interface PostWithDeliveries {
  post: Post;
  deliveries: Delivery[];
}

/** A post of a page, with its created_at to the microsecond as text (for the page's cursor). */
export interface PagedPost {
  post: Post;
  createdMicros: string;
}

/** What one statement wrote (see PostsStore.insert). */
export interface InsertedPosts {
  /** The rows' created_at: the statement's transaction time. */
  createdAt: Date;
  posts: number;
  deliveries: number;
}

/** A stored idempotency key: the request's hash, and its response once that request committed. */
export interface StoredIdempotencyKey {
  requestHash: string;
  responseStatus: number | null;
  responseBody: unknown;
}

/**
 * posts (each with its deliveries, as the API and the dashboard read them) and idempotency_keys.
 * The publishing lifecycle of deliveries is DeliveriesStore's.
 */
@Injectable()
export class PostsStore {
  private postWithDeliveriesSql: string | undefined;

  constructor(
    private readonly database: Database,
    /** For the entities' column lists (raw-rows.ts) only. */
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** The customer's post with its deliveries: one prepared statement (a row per delivery), as it is polled often. */
  async getWithDeliveries(
    customerId: string,
    id: string,
    transaction?: Transaction,
  ): Promise<PostWithDeliveries | undefined> {
    this.postWithDeliveriesSql ??= `SELECT ${prefixedColumns(this.dataSource, Post, 'p', 'p')}, ${prefixedColumns(this.dataSource, Delivery, 'd', 'd')}
        FROM posts p LEFT JOIN deliveries d ON d.post_id = p.id
       WHERE p.customer_id = $1 AND p.id = $2
       ORDER BY d.created_at, d.id`;
    const rows = await this.database.hot<Record<string, unknown>>(
      this.postWithDeliveriesSql,
      [customerId, id],
      transaction,
    );
    const [first] = rows;
    if (!first) return undefined;
    const post = fromPrefixedRow(this.dataSource, Post, first, 'p');
    const deliveries =
      first.d_id === null ? [] : rows.map((row) => fromPrefixedRow(this.dataSource, Delivery, row, 'd'));
    return { post, deliveries };
  }

  /** The customer's post, or null. */
  find(customerId: string, id: string, transaction?: Transaction): Promise<Post | null> {
    return this.database.repository(Post, transaction).findOneBy({ customerId, id });
  }

  /** The post (which must exist: a delivery names it). */
  findById(id: string, transaction?: Transaction): Promise<Post> {
    return this.database.repository(Post, transaction).findOneByOrFail({ id });
  }

  /** Whether the customer has this post. */
  async exists(customerId: string, id: string): Promise<boolean> {
    const rows = await this.database.rows('SELECT 1 FROM posts WHERE id = $1 AND customer_id = $2', [id, customerId]);
    return rows.length > 0;
  }

  /** Up to `limit` of the customer's posts (of one tenant, when given), newest first, before `before` when given. */
  async newestPage(
    customerId: string,
    tenantId: string | undefined,
    before: PageCursor | undefined,
    limit: number,
  ): Promise<PagedPost[]> {
    const { entities, raw } = await this.newestPageQuery(customerId, tenantId, before, limit).getRawAndEntities<{
      created_exact: string;
    }>();
    return entities.map((post, index) => ({ post, createdMicros: raw[index]!.created_exact }));
  }

  /**
   * The statement of newestPage (its index test EXPLAINs it). Each page is one range of an index read
   * backwards: posts_newest_idx (customer_id, tenant_id, created_at, id) with a tenant,
   * posts_customer_page_idx (customer_id, created_at, id) without one.
   */
  newestPageQuery(
    customerId: string,
    tenantId: string | undefined,
    before: PageCursor | undefined,
    limit: number,
  ): SelectQueryBuilder<Post> {
    const builder = this.database
      .repository(Post)
      .createQueryBuilder('post')
      .addSelect(createdMicrosSql('post.created_at'), 'created_exact')
      .where('post.customer_id = :customerId', { customerId })
      .orderBy('post.created_at', 'DESC')
      .addOrderBy('post.id', 'DESC')
      .limit(limit);
    if (tenantId !== undefined) builder.andWhere('post.tenant_id = :tenantId', { tenantId });
    if (before) {
      builder.andWhere(beforeCursorSql('post.created_at', 'post.id', ':createdMicros', ':id'), {
        createdMicros: before.createdMicros,
        id: before.id,
      });
    }
    return builder;
  }

  /** Up to `limit` of the customer's posts (of one tenant, when given), newest first. */
  newest(customerId: string, tenantId: string | undefined, limit: number): Promise<Post[]> {
    return this.database.repository(Post).find({
      where: { customerId, ...(tenantId ? { tenantId } : {}) },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: limit,
    });
  }

  /** The deliveries of the posts named, oldest first. */
  deliveriesOf(postIds: string[]): Promise<Delivery[]> {
    return this.database
      .repository(Delivery)
      .find({ where: { postId: In(postIds) }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /**
   * Writes posts and their deliveries (each due: the publishing lane's job) in ONE statement, atomic
   * by itself or inside `transaction`. Answers what it wrote, and the rows' created_at.
   */
  async insert(posts: Post[], deliveries: Delivery[], transaction?: Transaction): Promise<InsertedPosts | undefined> {
    const [row] = await this.database.rows<{ created_at: Date; posts: number; deliveries: number }>(
      `WITH written AS (
         INSERT INTO posts (id, customer_id, tenant_id, containers, scheduled_at, variants, trace_parent, request)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::jsonb[], $5::timestamptz[], $13::jsonb[], $14::text[], $15::jsonb[])
         RETURNING id
       ), delivered AS (
         -- due_at is the delivery's job: a scheduled post's time, else now (the lanes' triggers see
         -- it); a draft has none until it is published.
         INSERT INTO deliveries (id, post_id, customer_id, account_id, platform, status, due_at)
         SELECT id, post_id, customer_id, account_id, platform, status,
                CASE WHEN status = 'draft' THEN NULL ELSE coalesce(due_at, now()) END
           FROM unnest($6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::timestamptz[])
             AS d(id, post_id, customer_id, account_id, platform, status, due_at)
         RETURNING id
       )
       SELECT now() AS created_at, (SELECT count(*) FROM written)::int AS posts, (SELECT count(*) FROM delivered)::int AS deliveries`,
      [
        posts.map((post) => post.id),
        posts.map((post) => post.customerId),
        posts.map((post) => post.tenantId),
        posts.map((post) => JSON.stringify(post.containers)),
        posts.map((post) => post.scheduledAt),
        deliveries.map((delivery) => delivery.id),
        deliveries.map((delivery) => delivery.postId),
        deliveries.map((delivery) => delivery.customerId),
        deliveries.map((delivery) => delivery.accountId),
        deliveries.map((delivery) => delivery.platform),
        deliveries.map((delivery) => delivery.status),
        deliveries.map((delivery) => delivery.dueAt),
        posts.map((post) => JSON.stringify(post.variants)),
        posts.map((post) => post.traceParent),
        posts.map((post) => (post.request ? JSON.stringify(post.request) : null)),
      ],
      transaction,
    );
    return row && { createdAt: row.created_at, posts: row.posts, deliveries: row.deliveries };
  }

  /**
   * Edits of one post (publish, patch) one at a time, until `transaction` ends: a lock on the post's
   * id alone, which publishing never takes, so it orders the edits without ever waiting on a worker.
   */
  async serializeEdits(postId: string, transaction: Transaction): Promise<void> {
    await this.database.execute('SELECT pg_advisory_xact_lock($1)', [postEditLockKey(postId)], transaction);
  }

  /** Writes what an edit changed of the post (its request, content, variants and schedule), in the caller's transaction. */
  async rewrite(
    post: Pick<Post, 'id' | 'containers' | 'variants' | 'scheduledAt' | 'request'>,
    transaction: Transaction,
  ) {
    await this.database.execute(
      'UPDATE posts SET containers = $2, variants = $3, scheduled_at = $4, request = $5 WHERE id = $1',
      [
        post.id,
        JSON.stringify(post.containers),
        JSON.stringify(post.variants),
        post.scheduledAt,
        JSON.stringify(post.request),
      ],
      transaction,
    );
  }

  /** Claims the customer's idempotency key for a request (a new key, or one past its 24 hours); false when it is taken. */
  async claimIdempotencyKey(customerId: string, key: string, hash: string, transaction: Transaction): Promise<boolean> {
    const claimed = await this.database.rows(CLAIM_IDEMPOTENCY_KEY, [customerId, key, hash], transaction);
    return claimed.length === 1;
  }

  /** The customer's idempotency key as stored, if any. */
  async idempotencyKey(
    customerId: string,
    key: string,
    transaction: Transaction,
  ): Promise<StoredIdempotencyKey | undefined> {
    const [row] = await this.database.rows<IdempotencyKeyRow>(IDEMPOTENCY_KEY, [customerId, key], transaction);
    return (
      row && { requestHash: row.request_hash, responseStatus: row.response_status, responseBody: row.response_body }
    );
  }

  /** Stores the response of the request that claimed the key, in its transaction. */
  async storeIdempotentResponse(
    customerId: string,
    key: string,
    status: number,
    body: unknown,
    transaction: Transaction,
  ): Promise<void> {
    await this.database.execute(
      STORE_IDEMPOTENT_RESPONSE,
      [customerId, key, status, JSON.stringify(body)],
      transaction,
    );
  }

  /** Deletes the idempotency keys past their 24 hours. */
  async purgeIdempotencyKeys(): Promise<void> {
    await this.database.execute(PURGE_IDEMPOTENCY_KEYS, []);
  }
}
