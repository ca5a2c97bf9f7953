/**
 * When metrics are read again. On request: at most once per REQUEST_REFRESH_MS per post or
 * account, whoever asks. In the background: hourly while a post is under 7 days old, then daily
 * until it is 30 days old, then no more (its last reading stays).
 */
export const REQUEST_REFRESH_MS = 5 * 60_000;

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;
export const HOURLY_FOR_MS = 7 * DAY_MS;
export const REFRESHED_FOR_MS = 30 * DAY_MS;

/** The next background refresh of a post published at `publishedAt`, read at `now`; null once it is 30 days old. */
export function nextBackgroundRefresh(publishedAt: Date, now: Date): Date | null {
  const age = now.getTime() - publishedAt.getTime();
  const next = new Date(now.getTime() + (age < HOURLY_FOR_MS ? HOUR_MS : DAY_MS));
  return next.getTime() - publishedAt.getTime() > REFRESHED_FOR_MS ? null : next;
}

/** The next background refresh of an account's metrics: daily, for as long as it is connected. */
export function nextAccountRefresh(now: Date): Date {
  return new Date(now.getTime() + DAY_MS);
}
