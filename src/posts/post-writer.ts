import { Injectable } from '@nestjs/common';
import { newId } from '../common/ids';
import type { Transaction } from '../database';
import { Delivery } from './delivery.entity';
import { Post } from './post.entity';
import { AcceptedPost } from './post-acceptance';
import { PostsStore } from './posts.store';
import type { PostRequest } from './post-request';

export interface PostToWrite {
  customerId: string;
  tenantId: string;
  accepted: AcceptedPost;
  /** The traceparent of the request writing it (see Post.traceParent), read where the request runs. */
  traceParent?: string;
  /** The request as given (see Post.request); a draft (request.draft) is kept without being due. */
  request?: PostRequest;
}

/** What a delivery of a post starts as: kept (a draft), waiting for its time, or due now. */
export function openingStatus(draft: boolean, scheduledAt: Date | null): 'draft' | 'scheduled' | 'pending' {
  if (draft) return 'draft';
  return scheduledAt ? 'scheduled' : 'pending';
}

/** A new delivery of `post` to `account`, not yet tried. */
export function newDelivery(
  post: Pick<Post, 'id' | 'customerId' | 'scheduledAt'>,
  account: { id: string; platform: string },
  status: Delivery['status'],
): Delivery {
  return Object.assign(new Delivery(), {
    id: newId('delivery'),
    postId: post.id,
    customerId: post.customerId,
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
    dueAt: status === 'draft' ? null : post.scheduledAt,
    publishedAt: null,
    deletedAt: null,
  });
}

export interface WrittenPost {
  post: Post;
  deliveries: Delivery[];
}

/**
 * Writes accepted posts and their deliveries (each due: the publishing lane's job) in ONE statement (atomic by
 * itself, or inside the caller's transaction when there is one), for one post or several at once
 * (PostsStore.insert: plain SQL, as this is the hot path of POST /posts, where each commit counts).
 */
@Injectable()
export class PostWriter {
  constructor(private readonly store: PostsStore) {}

  async write(posts: PostToWrite[], transaction?: Transaction): Promise<WrittenPost[]> {
    const planned = posts.map(({ customerId, tenantId, accepted, traceParent, request }) => {
      const status = openingStatus(request?.draft === true, accepted.scheduledAt);
      const post = Object.assign(new Post(), {
        id: newId('post'),
        customerId,
        tenantId,
        containers: accepted.containers,
        variants: accepted.variants,
        scheduledAt: accepted.scheduledAt,
        traceParent: traceParent ?? null,
        request: request ?? null,
      });
      const deliveries = accepted.accounts.map((account) => newDelivery(post, account, status));
      return { post, deliveries };
    });
    const allPosts = planned.map(({ post }) => post);
    const allDeliveries = planned.flatMap(({ deliveries }) => deliveries);
    const row = await this.store.insert(allPosts, allDeliveries, transaction);
    // Written together or not at all; a mismatch would be a bug in this statement.
    if (row?.posts !== allPosts.length || row.deliveries !== allDeliveries.length) {
      throw new Error(
        `Wrote ${row?.posts}/${allPosts.length} posts, ${row?.deliveries}/${allDeliveries.length} deliveries`,
      );
    }
    // The rows' created_at is now(), the transaction's time, which the statement also returned.
    for (const { post, deliveries } of planned) {
      post.createdAt = row.createdAt;
      for (const delivery of deliveries)
        Object.assign(delivery, { createdAt: row.createdAt, updatedAt: row.createdAt });
    }
    return planned;
  }
}
