import { Injectable } from '@nestjs/common';
import { Database } from '../database';
import type { DeliveryStatus } from './delivery.entity';

/** The customer's posts of one UTC day that share one set of delivery statuses (a post's status is derived from it). */
export interface DayStatusShape {
  /** YYYY-MM-DD, UTC, of the post's creation. */
  day: string;
  statuses: DeliveryStatus[];
  count: number;
}

/** Deliveries of one network that came to an end: published (even if deleted since) or failed. */
export interface NetworkOutcome {
  platform: string;
  published: number;
  failed: number;
}

/** Delivery statuses that mean the delivery was published: deleting and deleted come after it. */
const PUBLISHED_STATUSES: readonly DeliveryStatus[] = ['published', 'deleting', 'deleted'];

/**
 * The dashboard's charts of posts and deliveries: each statement reads the customer's posts made
 * since a time by posts_customer_created_idx (one index range), and their deliveries by post.
 */
@Injectable()
export class PostChartsStore {
  constructor(private readonly database: Database) {}

  /** Posts made since `since`, counted by UTC day and the set of their deliveries' statuses. */
  statusShapesByDay(customerId: string, since: Date): Promise<DayStatusShape[]> {
    return this.database.rows<DayStatusShape>(
      `SELECT day, statuses, count(*)::int AS count FROM (
           SELECT to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, array_agg(d.status ORDER BY d.status) AS statuses
             FROM posts p JOIN deliveries d ON d.post_id = p.id
            WHERE p.customer_id = $1 AND p.created_at >= $2
            GROUP BY p.id, p.created_at) shapes
         GROUP BY day, statuses ORDER BY day`,
      [customerId, since],
    );
  }

  /** The deliveries of the posts made since `since` that ended, published or failed, by network. */
  outcomesByNetwork(customerId: string, since: Date): Promise<NetworkOutcome[]> {
    return this.database.rows<NetworkOutcome>(
      `SELECT d.platform, count(*) FILTER (WHERE d.status = ANY($3::text[]))::int AS published,
              count(*) FILTER (WHERE d.status = 'failed')::int AS failed
         FROM posts p JOIN deliveries d ON d.post_id = p.id
        WHERE p.customer_id = $1 AND p.created_at >= $2
        GROUP BY d.platform ORDER BY d.platform`,
      [customerId, since, PUBLISHED_STATUSES],
    );
  }
}
