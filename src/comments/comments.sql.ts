import { recentDeliveriesSql } from '../posts';

/**
 * The deliveries the comment scan reads: published in the watch window, account active, not read
 * for the rescan time; each customer's least recently read first, taken in turns over the customers
 * ($1 watch window ms, $2 rescan ms, $3 per customer, $4 batch). The deliveries come from posts'
 * recentDeliveriesSql fragment, joined to their accounts and watermarks here in one statement.
 */
export const COMMENT_SCAN_DUE_SQL = recentDeliveriesSql({
  columns: 'w.scanned_at, d.published_at',
  joins: `JOIN connected_accounts a ON a.id = d.account_id AND a.status = 'active'
      LEFT JOIN comment_watermarks w ON w.delivery_id = d.id`,
  publishedAfter: "now() - $1 * interval '1 millisecond'",
  due: "(w.scanned_at IS NULL OR w.scanned_at <= now() - $2 * interval '1 millisecond')",
  order: 'scanned_at NULLS FIRST, published_at DESC',
  perCustomer: '$3',
  limit: '$4',
  output: 'id, customer_id',
});

/** A delivery the scan reads ($1), with its post's tenant and its read state (none at first). */
export const SCANNED_DELIVERY_SQL = `SELECT d.customer_id, d.post_id, p.tenant_id, d.published_at, w.newest_at, w.ids_at_newest,
              w.backlog_cursor, w.backlog_until, w.backlog_ids
         FROM deliveries d JOIN posts p ON p.id = d.post_id
         LEFT JOIN comment_watermarks w ON w.delivery_id = d.id
        WHERE d.id = $1`;

/**
 * The threads a network id ($2) of a customer ($1) is known to belong to: the deliveries whose
 * published object it is, under which the service sent it as an answer, or under which the comment
 * scan announced it. Capped: one id is in one thread, so a handful of rows already says everything.
 */
export const KNOWN_THREADS_SQL = `
  (SELECT id AS delivery_id FROM deliveries WHERE customer_id = $1 AND platform_post_id = $2 LIMIT 5)
  UNION ALL
  (SELECT delivery_id FROM comment_requests WHERE customer_id = $1 AND platform_comment_id = $2 LIMIT 5)
  UNION ALL
  (SELECT data ->> 'deliveryId' FROM events
    WHERE customer_id = $1 AND type = 'comment.received' AND data -> 'comment' ->> 'id' = $2 LIMIT 5)`;

/**
 * Marks an attempt at request $1 (`sending`, one more attempt) if it is still open and worker $2
 * still holds the account's lane with a heartbeat fresher than $3 ms, checked in the same statement.
 */
export const BEGIN_ATTEMPT_SQL = `UPDATE comment_requests r SET status = 'sending', attempts = attempts + 1, updated_at = now()
        WHERE r.id = $1 AND r.status IN ('queued', 'sending')
          AND EXISTS (SELECT 1 FROM publish_lanes l JOIN worker_heartbeats h ON h.worker_id = l.claimed_by
                       WHERE l.account_id = r.account_id AND l.claimed_by = $2
                         AND h.beat_at > now() - $3 * interval '1 millisecond')
        RETURNING *`;
