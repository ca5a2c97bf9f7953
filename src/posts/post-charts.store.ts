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
export const PUBLISHED_STATUSES: readonly DeliveryStatus[] = ['published', 'deleting', 'deleted'];

/** Posts made since $2, counted by UTC day and the set of their deliveries' statuses (exported so a test can check the plan). */
export const STATUS_SHAPES_BY_DAY_SQL = `SELECT day, statuses, count(*)::int AS count FROM (
           SELECT to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, array_agg(d.status ORDER BY d.status) AS statuses
             FROM posts p JOIN deliveries d ON d.post_id = p.id
            WHERE p.customer_id = $1 AND p.created_at >= $2
            GROUP BY p.id, p.created_at) shapes
         GROUP BY day, statuses ORDER BY day`;

/** The ended deliveries ($3: the published statuses) of the posts made since $2, by network. */
export const OUTCOMES_BY_NETWORK_SQL = `SELECT d.platform, count(*) FILTER (WHERE d.status = ANY($3::text[]))::int AS published,
              count(*) FILTER (WHERE d.status = 'failed')::int AS failed
         FROM posts p JOIN deliveries d ON d.post_id = p.id
        WHERE p.customer_id = $1 AND p.created_at >= $2
        GROUP BY d.platform ORDER BY d.platform`;

/**
 * The dashboard's charts of posts and deliveries: each statement reads the customer's posts made
 * since a time by posts_customer_page_idx (one index range), and their deliveries by post.
 */
@Injectable()
export class PostChartsStore {
  constructor(private readonly database: Database) {}

  /** Posts made since `since`, counted by UTC day and the set of their deliveries' statuses. */
  statusShapesByDay(customerId: string, since: Date): Promise<DayStatusShape[]> {
    return this.database.rows<DayStatusShape>(STATUS_SHAPES_BY_DAY_SQL, [customerId, since]);
  }

  /** The deliveries of the posts made since `since` that ended, published or failed, by network. */
  outcomesByNetwork(customerId: string, since: Date): Promise<NetworkOutcome[]> {
    return this.database.rows<NetworkOutcome>(OUTCOMES_BY_NETWORK_SQL, [customerId, since, PUBLISHED_STATUSES]);
  }
}
