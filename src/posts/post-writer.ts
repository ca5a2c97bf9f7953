import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { newId } from '../common/ids';
import { JobQueue } from '../queue/job-queue';
import { Delivery } from './delivery.entity';
import { Post } from './post.entity';
import { AcceptedPost } from './post-acceptance';
import { accountQueue, PUBLISH_DELIVERY_TASK } from './publish-job';

export interface WrittenPost {
  post: Post;
  deliveries: Delivery[];
}

/**
 * Writes an accepted post, its deliveries and their publishing jobs in ONE statement (atomic by
 * itself, or inside the caller's transaction when there is one). Plain SQL: this is the hot path
 * of POST /posts, where each round trip to the database counts.
 */
@Injectable()
export class PostWriter {
  async write(transaction: EntityManager, customerId: string, tenantId: string, accepted: AcceptedPost): Promise<WrittenPost> {
    const postId = newId('post');
    const status = accepted.scheduledAt ? 'scheduled' : 'pending';
    const deliveryIds = accepted.accounts.map(() => newId('delivery'));
    const jobs = JobQueue.batch(
      accepted.accounts.map((account, index) => ({
        task: PUBLISH_DELIVERY_TASK,
        payload: { deliveryId: deliveryIds[index]! },
        queue: accountQueue(account.id),
        runAt: accepted.scheduledAt ?? undefined,
        jobKey: deliveryIds[index]!,
      })),
      10,
    );
    const [row] = (await transaction.query(
      `WITH post AS (
         INSERT INTO posts (id, customer_id, tenant_id, containers, scheduled_at) VALUES ($1, $2, $3, $4, $5) RETURNING created_at
       ), delivered AS (
         INSERT INTO deliveries (id, post_id, customer_id, account_id, platform, status, created_at, updated_at)
         SELECT delivery.id, $1, $2, delivery.account_id, delivery.platform, $6, post.created_at, post.created_at
           FROM unnest($7::text[], $8::text[], $9::text[]) AS delivery(id, account_id, platform), post
         RETURNING id
       ), queued AS (
         SELECT ${jobs.sql} AS jobs
       )
       SELECT post.created_at, (SELECT count(*) FROM delivered)::int AS deliveries, queued.jobs FROM post, queued`,
      [
        postId,
        customerId,
        tenantId,
        JSON.stringify(accepted.containers),
        accepted.scheduledAt,
        status,
        deliveryIds,
        accepted.accounts.map((account) => account.id),
        accepted.accounts.map((account) => account.platform),
        ...jobs.params,
      ],
    )) as Array<{ created_at: Date; deliveries: number; jobs: number }>;
    // Written together or not at all; a mismatch would be a bug in this statement.
    if (row?.deliveries !== deliveryIds.length || row.jobs !== deliveryIds.length) throw new Error(`Post ${postId}: wrote ${row?.deliveries} deliveries and ${row?.jobs} jobs`);
    const createdAt = row.created_at;
    const post = Object.assign(new Post(), { id: postId, customerId, tenantId, containers: accepted.containers, scheduledAt: accepted.scheduledAt, createdAt });
    const deliveries = accepted.accounts.map((account, index) =>
      Object.assign(new Delivery(), {
        id: deliveryIds[index]!,
        postId,
        customerId,
        accountId: account.id,
        platform: account.platform,
        status,
        attempts: 0,
        progress: {},
        platformPostId: null,
        permalink: null,
        errorCode: null,
        errorMessage: null,
        nextAttemptAt: null,
        publishedAt: null,
        createdAt,
        updatedAt: createdAt,
      }),
    );
    return { post, deliveries };
  }
}
