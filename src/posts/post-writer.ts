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
 * Writes an accepted post, its deliveries and their publishing jobs through the caller's
 * transaction. Plain SQL, two statements: this is the hot path of POST /posts, and the ORM's
 * save() would read each row back before inserting it.
 */
@Injectable()
export class PostWriter {
  constructor(private readonly jobs: JobQueue) {}

  async write(transaction: EntityManager, customerId: string, tenantId: string, accepted: AcceptedPost): Promise<WrittenPost> {
    const postId = newId('post');
    const status = accepted.scheduledAt ? 'scheduled' : 'pending';
    const deliveryIds = accepted.accounts.map(() => newId('delivery'));
    const [row] = (await transaction.query(
      `WITH post AS (
         INSERT INTO posts (id, customer_id, tenant_id, containers, scheduled_at) VALUES ($1, $2, $3, $4, $5) RETURNING created_at
       ), delivered AS (
         INSERT INTO deliveries (id, post_id, customer_id, account_id, platform, status, created_at, updated_at)
         SELECT delivery.id, $1, $2, delivery.account_id, delivery.platform, $6, post.created_at, post.created_at
           FROM unnest($7::text[], $8::text[], $9::text[]) AS delivery(id, account_id, platform), post
         RETURNING id
       )
       SELECT post.created_at, (SELECT count(*) FROM delivered)::int AS deliveries FROM post`,
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
      ],
    )) as Array<{ created_at: Date; deliveries: number }>;
    const createdAt = row!.created_at;
    await this.jobs.enqueueAll(
      transaction,
      accepted.accounts.map((account, index) => ({
        task: PUBLISH_DELIVERY_TASK,
        payload: { deliveryId: deliveryIds[index]! },
        queue: accountQueue(account.id),
        runAt: accepted.scheduledAt ?? undefined,
        jobKey: deliveryIds[index]!,
      })),
    );
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
