import { afterCursorSql, createdMicrosSql } from '../common/http/page-cursor';

/** The list's columns: what AccountView shows, shaped by PostgreSQL (no entity to build per row on the hot path). */
const LISTED_COLUMNS = `id, platform, username, nickname, status, tenant_id AS "tenantId", avatar_url AS "avatarUrl",
  to_char(connected_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "connectedAt", scopes AS permissions`;

/** The first page, and the pages after a cursor: $1 customer, $2 tenant, $3 statuses, $4 limit + 1, [$5 micros, $6 id]. */
export const FIRST_PAGE_SQL = `SELECT ${LISTED_COLUMNS} FROM connected_accounts
  WHERE customer_id = $1 AND tenant_id = $2 AND status = ANY($3::text[])
  ORDER BY created_at, id LIMIT $4`;
export const NEXT_PAGE_SQL = `SELECT ${LISTED_COLUMNS} FROM connected_accounts
  WHERE customer_id = $1 AND tenant_id = $2 AND status = ANY($3::text[]) AND ${afterCursorSql('created_at', 'id', '$5', '$6')}
  ORDER BY created_at, id LIMIT $4`;

/** A page's last account's created_at to the microsecond, for the next page's cursor: $1 customer, $2 id. */
export const CREATED_MICROS_SQL = `SELECT ${createdMicrosSql('created_at')} AS micros FROM connected_accounts WHERE customer_id = $1 AND id = $2`;

/**
 * The accounts whose token is due for refresh, by the same rule as refreshDue per network:
 * expires_at - now <= refreshAheadMs. $1 the networks, $2 their refreshAheadMs, $3 now. Its filter
 * is the partial index connected_accounts_token_expiry_idx's (a test checks the plan uses it).
 */
export const TOKEN_REFRESH_DUE_SQL = `SELECT a.id FROM connected_accounts a
   JOIN unnest($1::text[], $2::bigint[]) AS w(platform, ahead_ms) ON w.platform = a.platform
  WHERE a.status = 'active' AND a.token_expires_at IS NOT NULL
    AND a.token_expires_at <= $3::timestamptz + w.ahead_ms * interval '1 millisecond'
  ORDER BY a.token_expires_at`;

/** $1 id, $2 connected_at (as loaded). connected_at pins the connection that failed. */
export const MARK_EXPIRED_SQL = `UPDATE connected_accounts SET status = 'expired', updated_at = now()
        WHERE id = $1 AND status = 'active' AND date_trunc('milliseconds', connected_at) = $2 RETURNING id`;

/** $1 id, $2 the notice window in days: remembers the expiry announced, once per expiry. */
export const EXPIRING_NOTICE_SQL = `UPDATE connected_accounts SET expiring_notice_for = token_expires_at
          WHERE id = $1 AND status = 'active' AND token_expires_at > now()
            AND token_expires_at <= now() + make_interval(days => $2)
            AND expiring_notice_for IS DISTINCT FROM token_expires_at
          RETURNING token_expires_at`;

/** $1 id, $2 the permissions kept, $3 connected_at (as loaded), $4 the permissions lost. */
export const PERMISSIONS_LOST_SQL = `UPDATE connected_accounts SET scopes = $2, updated_at = now()
          WHERE id = $1 AND status = 'active' AND date_trunc('milliseconds', connected_at) = $3 AND scopes @> $4::text[]
          RETURNING id`;

/** $1 id, $2-$4 the sealed tokens, $5 their expiry, $6 connected_at (as loaded), $7 the sealed binding. */
export const REFRESHED_TOKENS_SQL = `UPDATE connected_accounts
          SET access_token_encrypted = $2, refresh_token_encrypted = $3, user_token_encrypted = $4, token_expires_at = $5,
              token_binding_encrypted = $7, updated_at = now()
        WHERE id = $1 AND status = 'active' AND date_trunc('milliseconds', connected_at) = $6`;

/** $1 id, $2 the traits (JSON), $3 connected_at (as loaded): only the connection they were read for. */
export const TRAITS_SQL = `UPDATE connected_accounts SET network_traits = $2::jsonb, updated_at = now()
        WHERE id = $1 AND status = 'active' AND date_trunc('milliseconds', connected_at) = $3`;

/** $1 network user, $2 the account to leave out. */
export const OTHER_ACCOUNT_OF_USER_SQL = `SELECT 1 AS found FROM connected_accounts WHERE network_user_id = $1 AND id <> $2 AND status <> 'disconnected' LIMIT 1`;

/** The dashboard's account list: $1 customer, $2 tenant or null, $3 status or null; newest first. */
export function dashboardSearchSql(limit: number): string {
  return `SELECT id, platform, username, nickname, status, tenant_id, avatar_url, connected_at, scopes FROM connected_accounts
        WHERE customer_id = $1 AND ($2::text IS NULL OR tenant_id = $2) AND ($3::text IS NULL OR status = $3)
        ORDER BY connected_at DESC, id DESC LIMIT ${limit}`;
}

/** The dashboard overview's account counts: $1 customer. */
export const COUNT_BY_PLATFORM_AND_STATUS_SQL = `SELECT platform, status, count(*)::int AS count FROM connected_accounts WHERE customer_id = $1 GROUP BY platform, status ORDER BY platform, status`;
