/**
 * Charges `cost` to one bucket of an app's quota window unless that would take it past `limit`: the
 * row is made by the first charge; the check and the charge are one statement, so two workers never
 * both take the last units. Answers the units used after the charge, or no row when refused.
 */
export const CHARGE_QUOTA_SQL = `
INSERT INTO network_quota_usage AS usage (network, app_key, quota_window, bucket, used)
SELECT $1, $2, $3, $4, $5::integer WHERE $5::integer <= $6::integer
ON CONFLICT (network, app_key, quota_window, bucket)
DO UPDATE SET used = usage.used + EXCLUDED.used, updated_at = now()
WHERE usage.used + EXCLUDED.used <= $6::integer
RETURNING used`;
