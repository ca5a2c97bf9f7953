import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AccountsStore } from '../../accounts/accounts.store';
import { DeliveryStatus } from '../../posts/delivery.entity';
import { postStatusOf, PostStatus } from '../../posts/post-status';
import { EventsStore, FailingEvent } from '../../webhooks/events.store';

export interface Overview {
  accounts: Array<{ platform: string; status: string; count: number }>;
  postsLast7Days: Array<{ status: PostStatus; count: number }>;
  failingEvents: FailingEvent[];
}

/** The overview's figures, each one query scoped to the customer. */
@Injectable()
export class OverviewReader {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: EventsStore,
    private readonly accounts: AccountsStore,
  ) {}

  async read(customerId: string): Promise<Overview> {
    const [accounts, postShapes, failing] = await Promise.all([
      this.accounts.countByPlatformAndStatus(customerId),
      // A post's status is derived from its deliveries': count posts by the set of their delivery statuses.
      this.dataSource.query(
        `SELECT statuses, count(*)::int AS count FROM (
           SELECT array_agg(d.status ORDER BY d.status) AS statuses FROM posts p JOIN deliveries d ON d.post_id = p.id
            WHERE p.customer_id = $1 AND p.created_at > now() - interval '7 days' GROUP BY p.id) shapes
         GROUP BY statuses`,
        [customerId],
      ) as Promise<Array<{ statuses: DeliveryStatus[]; count: number }>>,
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
