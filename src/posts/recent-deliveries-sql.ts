/** What a periodic scan selects, customers taking turns; every string is SQL. */
export interface TakingTurns {
  /** How one customer's rows are ranked (columns of the due set), most due first; also the batch's order within a turn. */
  order: string;
  /** At most this many of one customer's rows (a parameter such as `$3`). */
  perCustomer: string;
  /** At most this many rows in all. */
  limit: string;
  /** The columns returned. */
  output: string;
}

/**
 * Customers taking turns over a due set (`due`: a SELECT with `customer_id` and the columns
 * `order` names): each customer's first row, then each one's second, and so on, so one customer's
 * many rows never starve another's.
 */
export function takingTurnsSql(due: string, turns: TakingTurns): string {
  return `WITH due AS (${due}
  ), ranked AS (
    SELECT due.*, row_number() OVER (PARTITION BY customer_id ORDER BY ${turns.order}) AS turn FROM due
  )
  SELECT ${turns.output} FROM ranked WHERE turn <= ${turns.perCustomer} ORDER BY turn, ${turns.order} LIMIT ${turns.limit}`;
}

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
