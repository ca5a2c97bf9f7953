import { Injectable } from '@nestjs/common';
import { AccountsStore } from '../../accounts';
import { postStatusOf, PostStatus } from '../../posts';
import { PostsStore } from '../../posts';
import { EventsStore, FailingEvent } from '../../webhooks';

export interface Overview {
  accounts: Array<{ platform: string; status: string; count: number }>;
  postsLast7Days: Array<{ status: PostStatus; count: number }>;
  failingEvents: FailingEvent[];
}

/** The overview's figures, each one query scoped to the customer. */
@Injectable()
export class OverviewReader {
  constructor(
    private readonly events: EventsStore,
    private readonly accounts: AccountsStore,
    private readonly posts: PostsStore,
  ) {}

  async read(customerId: string): Promise<Overview> {
    const [accounts, postShapes, failing] = await Promise.all([
      this.accounts.countByPlatformAndStatus(customerId),
      // A post's status is derived from its deliveries': count posts by the set of their delivery statuses.
      this.posts.statusShapesOfLastWeek(customerId),
      this.events.failingRecent(customerId),
    ]);
    const byStatus = new Map<PostStatus, number>();
    for (const shape of postShapes) {
      const status = postStatusOf(shape.statuses.map((value) => ({ status: value })));
      byStatus.set(status, (byStatus.get(status) ?? 0) + shape.count);
    }
    return {
      accounts,
      postsLast7Days: [...byStatus].map(([status, count]) => ({ status, count })),
      failingEvents: failing,
    };
  }
}
