/**
 * Whether a token is due for refresh: it expires within `refreshAheadMs` of `now` (or already has).
 * A token without an expiry never is. The scheduled scan selects with the same rule in SQL.
 */
export function refreshDue(expiresAt: Date | null | undefined, refreshAheadMs: number, now: Date): boolean {
  if (!expiresAt) return false;
  return expiresAt.getTime() - now.getTime() <= refreshAheadMs;
}
