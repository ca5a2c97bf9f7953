import { recentDeliveriesSql } from '../posts';
import { takingTurnsSql } from '../queue';

/**
 * Posts due a background read: published in the last 30 days and never read, or due by their
 * schedule and not held back (a recent read, a network's rate limit). Each customer's most overdue
 * first, customers taking turns, so one customer's many posts never starve another's.
 * $1 now, $2 batch, $3 per customer. The deliveries come from posts' recentDeliveriesSql fragment,
 * joined to their snapshots here: one statement, so the ranking sees both.
 */
export const DUE_DELIVERIES_SQL = recentDeliveriesSql({
  columns: 'COALESCE(s.next_refresh_at, d.published_at) AS due_at',
  joins: "LEFT JOIN metric_snapshots s ON s.subject_kind = 'delivery' AND s.subject_id = d.id",
  publishedAfter: "$1::timestamptz - interval '30 days'",
  due: '(s.subject_id IS NULL OR (s.not_before <= $1 AND (s.next_refresh_at <= $1 OR s.fetched_at IS NULL)))',
  order: 'due_at, id',
  perCustomer: '$3',
  limit: '$2',
  output: 'id',
});

/** Accounts whose metrics were read once (on request) and are due again, customers taking turns likewise. */
export const DUE_ACCOUNTS_SQL = takingTurnsSql(
  `
    SELECT s.subject_id AS id, s.customer_id, s.next_refresh_at AS due_at
      FROM metric_snapshots s
      JOIN connected_accounts a ON a.id = s.subject_id AND a.customer_id = s.customer_id AND a.status = 'active'
     WHERE s.subject_kind = 'account' AND s.next_refresh_at <= $1 AND s.not_before <= $1`,
  { order: 'due_at, id', perCustomer: '$3', limit: '$2', output: 'id' },
);
