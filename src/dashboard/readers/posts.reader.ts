import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { ApiException } from '../../common/errors/api-exception';
import { Delivery } from '../../posts/delivery.entity';
import { PostView } from '../../posts/dto/post.view';
import { Post } from '../../posts/post.entity';
import { postView } from '../../posts/post-views';
import type { PostStatus } from '../../posts/post-status';

export const POST_PAGE_SIZE = 50;
/** A status filter looks through this many of the newest posts (a post's status is derived, not stored). */
export const POST_SCAN_LIMIT = 1000;

export interface PostDetail {
  view: PostView;
  /** The text of each container: the post, then its thread. */
  texts: string[];
}

/** Posts as the dashboard shows them: across tenants, newest first, read-only. */
@Injectable()
export class PostsReader {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async search(customerId: string, filters: { tenantId?: string; status?: PostStatus }): Promise<PostView[]> {
    const posts = await this.dataSource.getRepository(Post).find({
      where: { customerId, ...(filters.tenantId ? { tenantId: filters.tenantId } : {}) },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: filters.status ? POST_SCAN_LIMIT : POST_PAGE_SIZE,
    });
    if (!posts.length) return [];
    const deliveries = await this.dataSource
      .getRepository(Delivery)
      .find({ where: { postId: In(posts.map((post) => post.id)) }, order: { createdAt: 'ASC', id: 'ASC' } });
    const byPost = new Map<string, Delivery[]>();
    for (const delivery of deliveries) byPost.set(delivery.postId, [...(byPost.get(delivery.postId) ?? []), delivery]);
    const views = posts.map((post) => postView(post, byPost.get(post.id) ?? []));
    return views.filter((view) => !filters.status || view.status === filters.status).slice(0, POST_PAGE_SIZE);
  }

  async get(customerId: string, id: string): Promise<PostDetail> {
    const post = await this.dataSource.getRepository(Post).findOneBy({ customerId, id });
    if (!post) throw ApiException.notFound('Post');
    const deliveries = await this.dataSource
      .getRepository(Delivery)
      .find({ where: { postId: post.id }, order: { createdAt: 'ASC', id: 'ASC' } });
    return { view: postView(post, deliveries), texts: post.containers.map((container) => container.content) };
  }
}
