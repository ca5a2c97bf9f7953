/**
 * The statements of the event history (GET /api/v1/events). An event's place in it is (txid, seq):
 * its transaction's id, then its order within that transaction (migration EventHistory). Only
 * settled events are shown: those whose transaction id is below the reading snapshot's xmin. Every
 * transaction below xmin has ended; every one still open, or yet to write, has an id at or above
 * it. So an event that commits later can never take a place before one already answered, and a
 * cursor never skips it. created_at cannot do this: it is the transaction's start, and a
 * transaction that started first can commit last.
 */

/**
 * A page of customer $1's settled events of the last $3 days, after the event $2 (from the oldest
 * when null): at most $5 events read in order, of which those of the types $4 (any when null), at
 * most $6. One row even when none matched: `scanned` (how many were read), `last_scanned` (the id
 * of the last one read) and `cursor_found` (false when $2 is not one of the customer's kept events)
 * come with every row; the event's columns are null on that row when none matched.
 */
export const EVENT_HISTORY_PAGE = `
  WITH start AS (
    SELECT txid, seq FROM events WHERE id = $2 AND customer_id = $1 AND created_at > now() - $3 * interval '1 day'
  ), scanned AS (
    SELECT e.id, e.type, e.tenant_id, e.created_at, e.data, e.txid, e.seq
      FROM events e
     WHERE e.customer_id = $1
       AND e.txid < pg_snapshot_xmin(pg_current_snapshot())
       AND (e.txid, e.seq) > (CASE WHEN $2::text IS NULL THEN '0'::xid8 ELSE (SELECT txid FROM start) END,
                              CASE WHEN $2::text IS NULL THEN 0 ELSE (SELECT seq FROM start) END)
       AND e.created_at > now() - $3 * interval '1 day'
     ORDER BY e.txid, e.seq
     LIMIT $5
  ), matched AS (
    SELECT * FROM scanned WHERE $4::text[] IS NULL OR type = ANY ($4::text[]) ORDER BY txid, seq LIMIT $6
  ), summary AS (
    SELECT count(*)::int AS scanned, (array_agg(id ORDER BY txid DESC, seq DESC))[1] AS last_scanned,
           $2::text IS NULL OR EXISTS (SELECT 1 FROM start) AS cursor_found
      FROM scanned
  )
  SELECT s.scanned, s.last_scanned, s.cursor_found, m.id, m.type, m.tenant_id, m.created_at, m.data
    FROM summary s LEFT JOIN matched m ON true
   ORDER BY m.txid, m.seq`;

/** Customer $2's event $1 if made in the last $3 days (settled or not: it is committed). */
export const EVENT_HISTORY_ONE = `
  SELECT id, type, tenant_id, created_at, data FROM events
   WHERE id = $1 AND customer_id = $2 AND created_at > now() - $3 * interval '1 day'`;

/**
 * Deletes up to $2 events older than $1 days, settled ones only: an event still pending (a resend
 * of an old event, a Retry-After far off) or claimed is deleted by a later run once it settles.
 * Their attempts go with them (ON DELETE CASCADE). Answers how many.
 */
export const PURGE_OLD_EVENTS = `
  DELETE FROM events WHERE id IN (
    SELECT id FROM events
     WHERE created_at < now() - $1 * interval '1 day' AND delivery_status <> 'pending' AND claimed_by IS NULL
     LIMIT $2
  )`;
