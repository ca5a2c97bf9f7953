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
