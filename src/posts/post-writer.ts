import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { newId } from '../common/ids';
import { Delivery } from './delivery.entity';
import { Post } from './post.entity';
import { AcceptedPost } from './post-acceptance';

export interface PostToWrite {
  customerId: string;
  tenantId: string;
  accepted: AcceptedPost;
}

export interface WrittenPost {
  post: Post;
  deliveries: Delivery[];
}

/**
 * Writes accepted posts and their deliveries (each due: the publishing lane's job) in ONE statement (atomic by
 * itself, or inside the caller's transaction when there is one), for one post or several at once.
 * Plain SQL: this is the hot path of POST /posts, where each commit counts.
 */
@Injectable()
export class PostWriter {
  async write(runner: EntityManager, posts: PostToWrite[]): Promise<WrittenPost[]> {
    const planned = posts.map(({ customerId, tenantId, accepted }) => {
      const status = accepted.scheduledAt ? ('scheduled' as const) : ('pending' as const);
      const post = Object.assign(new Post(), {
        id: newId('post'),
        customerId,
        tenantId,
        containers: accepted.containers,
        scheduledAt: accepted.scheduledAt,
      });
      const deliveries = accepted.accounts.map((account) =>
        Object.assign(new Delivery(), {
          id: newId('delivery'),
          postId: post.id,
          customerId,
          accountId: account.id,
          platform: account.platform,
          status,
          attempts: 0,
          rateLimitWaits: 0,
          progress: {},
          platformPostId: null,
          permalink: null,
          errorCode: null,
          errorMessage: null,
          nextAttemptAt: null,
          dueAt: post.scheduledAt,
          publishedAt: null,
          deletedAt: null,
        }),
      );
      return { post, deliveries };
    });
    const allPosts = planned.map(({ post }) => post);
    const allDeliveries = planned.flatMap(({ deliveries }) => deliveries);
    const [row] = (await runner.query(
      `WITH written AS (
         INSERT INTO posts (id, customer_id, tenant_id, containers, scheduled_at)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::jsonb[], $5::timestamptz[])
         RETURNING id
       ), delivered AS (
         -- due_at is the delivery's job: a scheduled post's time, else now (the lanes' triggers see it).
         INSERT INTO deliveries (id, post_id, customer_id, account_id, platform, status, due_at)
         SELECT id, post_id, customer_id, account_id, platform, status, coalesce(due_at, now())
           FROM unnest($6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::timestamptz[])
             AS d(id, post_id, customer_id, account_id, platform, status, due_at)
         RETURNING id
       )
       SELECT now() AS created_at, (SELECT count(*) FROM written)::int AS posts, (SELECT count(*) FROM delivered)::int AS deliveries`,
      [
        allPosts.map((post) => post.id),
        allPosts.map((post) => post.customerId),
        allPosts.map((post) => post.tenantId),
        allPosts.map((post) => JSON.stringify(post.containers)),
        allPosts.map((post) => post.scheduledAt),
        allDeliveries.map((delivery) => delivery.id),
        allDeliveries.map((delivery) => delivery.postId),
        allDeliveries.map((delivery) => delivery.customerId),
        allDeliveries.map((delivery) => delivery.accountId),
        allDeliveries.map((delivery) => delivery.platform),
        allDeliveries.map((delivery) => delivery.status),
        allDeliveries.map((delivery) => delivery.dueAt),
      ],
    )) as Array<{ created_at: Date; posts: number; deliveries: number }>;
    // Written together or not at all; a mismatch would be a bug in this statement.
    if (row?.posts !== allPosts.length || row.deliveries !== allDeliveries.length) {
      throw new Error(
        `Wrote ${row?.posts}/${allPosts.length} posts, ${row?.deliveries}/${allDeliveries.length} deliveries`,
      );
    }
    // The rows' created_at is now(), the transaction's time, which the statement also returned.
    for (const { post, deliveries } of planned) {
      post.createdAt = row.created_at;
      for (const delivery of deliveries)
        Object.assign(delivery, { createdAt: row.created_at, updatedAt: row.created_at });
    }
    return planned;
  }
}
