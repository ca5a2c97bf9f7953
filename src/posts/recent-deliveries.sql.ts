import { TakingTurns, takingTurnsSql } from '../queue';

/** The recently published deliveries a scan looks at (`d`), and how it takes them in turns. */
export interface RecentDeliveries extends TakingTurns {
  /** Columns besides d.id and d.customer_id, named as `order` and `output` use them. */
  columns: string;
  /** Tables joined to deliveries `d`. */
  joins: string;
  /** Only deliveries published after this. */
  publishedAfter: string;
  /** Which of them are due. */
  due: string;
}

/**
 * The deliveries on their network (published, with a network id) published after
 * `publishedAfter` and due, customers taking turns (metrics and comment scans). The status and the
 * bound on `d.published_at` let it use the partial index deliveries_recently_published_idx.
 */
export function recentDeliveriesSql(query: RecentDeliveries): string {
  return takingTurnsSql(
    `
    SELECT d.id, d.customer_id, ${query.columns}
      FROM deliveries d
      ${query.joins}
     WHERE d.status = 'published' AND d.platform_post_id IS NOT NULL
       AND d.published_at > ${query.publishedAfter}
       AND ${query.due}`,
    query,
  );
}
