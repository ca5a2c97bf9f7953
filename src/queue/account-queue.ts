/**
 * One graphile-worker queue per connected account: its jobs (publishing, token refresh) run one at a
 * time, which keeps the network's per-account limits and makes a rotating refresh token safe to use.
 */
export function accountQueue(accountId: string): string {
  return `account:${accountId}`;
}
