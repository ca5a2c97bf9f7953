/** The delay after f.failures failures, from the table passed as $2 (its last entry stands for every higher count). */
const DELAY_SQL = `($2::int[])[least(f.failures, cardinality($2::int[]) - 1) + 1]`;

/**
 * Counts a sign-in attempt as a failure ($1 the throttle's key, $2 the delay table, $3 the quiet
 * period in hours) only if sign-in is open for it now; returns a row when it was. A count quiet
 * for $3 hours starts again from one.
 */
export const RESERVE_SIGN_IN_SQL = `INSERT INTO dashboard_sign_in_failures AS f (key, failures, last_failed_at) VALUES ($1, 1, clock_timestamp())
       ON CONFLICT (key) DO UPDATE
          SET failures = CASE WHEN f.last_failed_at <= clock_timestamp() - $3 * interval '1 hour' THEN 1 ELSE f.failures + 1 END,
              last_failed_at = clock_timestamp()
        WHERE f.last_failed_at <= clock_timestamp() - $3 * interval '1 hour'
           OR ${DELAY_SQL} = 0
           OR f.last_failed_at + ${DELAY_SQL} * interval '1 second' <= clock_timestamp()
       RETURNING failures`;

/** Seconds until sign-in opens again for the key $1, by the delay table $2. */
export const SIGN_IN_WAIT_SQL = `SELECT ceil(extract(epoch FROM f.last_failed_at + ${DELAY_SQL} * interval '1 second' - clock_timestamp()))::int AS wait
         FROM dashboard_sign_in_failures f WHERE key = $1`;

/**
 * Deletes the counts quiet for $1 hours, by the index on last_failed_at (exported so a test can
 * check the plan uses it). statement_timestamp(), not clock_timestamp(): a volatile bound cannot be
 * an index condition, and the purge needs no clock finer than its own statement's.
 */
export const PURGE_QUIET_SQL = `DELETE FROM dashboard_sign_in_failures WHERE last_failed_at <= statement_timestamp() - $1 * interval '1 hour'`;

/**
 * Opens a session ($1 token hash, $2 user, $3 CSRF token, $4 lifetime in milliseconds) on the world
 * of the customer's most recently used API key that still works (live when none was used).
 */
export const START_SESSION_SQL = `INSERT INTO dashboard_sessions (token_hash, user_id, csrf_token, expires_at, viewing)
       VALUES ($1, $2, $3, now() + $4 * interval '1 millisecond',
               coalesce((SELECT w.mode
                           FROM dashboard_users u
                           JOIN customers w ON w.id = u.customer_id OR w.live_customer_id = u.customer_id
                           JOIN api_keys k ON k.customer_id = w.id
                          WHERE u.id = $2 AND k.last_used_at IS NOT NULL AND k.revoked_at IS NULL
                          ORDER BY k.last_used_at DESC
                          LIMIT 1), 'live'))
       RETURNING expires_at, floor(extract(epoch FROM expires_at - now()))::int AS max_age`;

/** The unexpired session of the token hash $1, with its user, customer and (when viewing test data) test world. */
export const RESOLVE_SESSION_SQL = `SELECT u.id AS user_id, u.email, c.id AS live_customer_id, c.name AS customer_name, s.csrf_token, w.id AS test_world_id
         FROM dashboard_sessions s JOIN dashboard_users u ON u.id = s.user_id JOIN customers c ON c.id = u.customer_id
              LEFT JOIN customers w ON s.viewing = 'test' AND w.live_customer_id = c.id AND w.mode = 'test'
        WHERE s.token_hash = $1 AND s.expires_at > now()`;
