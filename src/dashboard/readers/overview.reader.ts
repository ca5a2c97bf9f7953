import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { postStatusOf, PostStatus } from '../../posts/post-status';
import { PostsStore } from '../../posts/posts.store';

export interface Overview {
  accounts: Array<{ platform: string; status: string; count: number }>;
  postsLast7Days: Array<{ status: PostStatus; count: number }>;
  failingEvents: Array<{
    id: string;
    event: string;
    status: string;
    attempts: number;
    failureReason: string | null;
    lastError: string | null;
    createdAt: Date;
  }>;
}

/** The overview's figures, each one query scoped to the customer. */
@Injectable()
export class OverviewReader {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly posts: PostsStore,
  ) {}

  async read(customerId: string): Promise<Overview> {
    const [accounts, postShapes, failing] = await Promise.all([
      this.dataSource.query(
        `SELECT platform, status, count(*)::int AS count FROM connected_accounts WHERE customer_id = $1 GROUP BY platform, status ORDER BY platform, status`,
        [customerId],
      ) as Promise<Overview['accounts']>,
      // A post's status is derived from its deliveries': count posts by the set of their delivery statuses.
      this.posts.statusShapesOfLastWeek(customerId),
      this.dataSource.query(
        `SELECT e.id, e.type AS event, e.delivery_status AS status, e.attempts, e.failure_reason AS "failureReason", e.created_at AS "createdAt",
                (SELECT a.error FROM webhook_attempts a WHERE a.event_id = e.id ORDER BY a.attempt_number DESC LIMIT 1) AS "lastError"
           FROM events e
          WHERE e.customer_id = $1 AND (e.delivery_status = 'failed' OR (e.delivery_status = 'pending' AND e.attempts > 0))
          ORDER BY e.created_at DESC, e.id DESC LIMIT 10`,
        [customerId],
      ) as Promise<Overview['failingEvents']>,
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
