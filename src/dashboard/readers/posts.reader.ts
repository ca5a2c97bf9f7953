import { Injectable } from '@nestjs/common';
import { ApiException } from '../../common/errors/api-exception';
import { Delivery } from '../../posts';
import { PostView } from '../../posts';
import { postView } from '../../posts';
import { resolveDelivery } from '../../posts';
import { PostsStore } from '../../posts';
import type { PostStatus } from '../../posts';

export const POST_PAGE_SIZE = 50;
/** A status filter looks through this many of the newest posts (a post's status is derived, not stored). */
export const POST_SCAN_LIMIT = 1000;

export interface PostDetail {
  view: PostView;
  /** The text of each container: the post, then its thread. */
  texts: string[];
  /** By delivery id, the texts of a delivery with containers of its own (options.<network>.containers, an account override). */
  ownTexts: Record<string, string[]>;
}

/** Posts as the dashboard shows them: across tenants, newest first, read-only. */
@Injectable()
export class PostsReader {
  constructor(private readonly posts: PostsStore) {}

  async search(customerId: string, filters: { tenantId?: string; status?: PostStatus }): Promise<PostView[]> {
    const posts = await this.posts.newest(
      customerId,
      filters.tenantId,
      filters.status ? POST_SCAN_LIMIT : POST_PAGE_SIZE,
    );
    if (!posts.length) return [];
    const deliveries = await this.posts.deliveriesOf(posts.map((post) => post.id));
    const byPost = new Map<string, Delivery[]>();
    for (const delivery of deliveries) byPost.set(delivery.postId, [...(byPost.get(delivery.postId) ?? []), delivery]);
    const views = posts.map((post) => postView(post, byPost.get(post.id) ?? []));
    return views.filter((view) => !filters.status || view.status === filters.status).slice(0, POST_PAGE_SIZE);
  }

  async get(customerId: string, id: string): Promise<PostDetail> {
    const post = await this.posts.find(customerId, id);
    if (!post) throw ApiException.notFound('Post');
    const deliveries = await this.posts.deliveriesOf([post.id]);
    const ownTexts: Record<string, string[]> = {};
    for (const delivery of deliveries) {
      const { containers } = resolveDelivery(post, delivery.accountId, delivery.platform);
      if (containers !== post.containers) ownTexts[delivery.id] = containers.map((container) => container.content);
    }
    return { view: postView(post, deliveries), texts: post.containers.map((container) => container.content), ownTexts };
  }
}
