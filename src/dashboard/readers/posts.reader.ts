import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { ApiException } from '../../common/errors/api-exception';
import { MediaService } from '../../media';
import { Delivery } from '../../posts';
import { PostView } from '../../posts';
import { postView } from '../../posts';
import { resolveDelivery } from '../../posts';
import { PostsStore } from '../../posts';
import type { PostStatus } from '../../posts';
import { DeliveryPreview, deliveryPreview } from './delivery-preview';

export const POST_PAGE_SIZE = 50;
/** A status filter looks through this many of the newest posts (a post's status is derived, not stored). */
export const POST_SCAN_LIMIT = 1000;

export interface PostDetail {
  view: PostView;
  /** The text of each container: the post, then its thread. */
  texts: string[];
  /** By delivery id, what the delivery published (or will): its account's containers, resolved as the worker does. */
  previews: Record<string, DeliveryPreview>;
}

/** How long a thumbnail's signed URL on the post page works: the page is read now, not kept. */
export const THUMBNAIL_URL_TTL_MS = 15 * 60 * 1000;

/** Posts as the dashboard shows them: across tenants, newest first, read-only. */
@Injectable()
export class PostsReader {
  constructor(
    private readonly posts: PostsStore,
    private readonly media: MediaService,
    private readonly clock: Clock,
  ) {}

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
    const expiresAt = new Date(this.clock.now().getTime() + THUMBNAIL_URL_TTL_MS);
    const sign = (mediaId: string, contentType: string) => this.media.fileUrl(mediaId, contentType, expiresAt);
    const previews: Record<string, DeliveryPreview> = {};
    for (const delivery of deliveries) {
      // The resolver the worker publishes with: what is shown is what was (or will be) sent.
      const { containers } = resolveDelivery(post, delivery.accountId, delivery.platform);
      previews[delivery.id] = deliveryPreview(containers, containers !== post.containers, sign);
    }
    return { view: postView(post, deliveries), texts: post.containers.map((container) => container.content), previews };
  }
}
