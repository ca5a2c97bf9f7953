const DAY_MS = 24 * 60 * 60 * 1000;

/** The `count` UTC days ending with `now`'s (YYYY-MM-DD, oldest first), and the instant the first begins. */
export function utcDays(now: Date, count: number): { days: string[]; since: Date } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(today - (count - 1) * DAY_MS);
  const days = Array.from({ length: count }, (_, index) =>
    new Date(since.getTime() + index * DAY_MS).toISOString().slice(0, 10),
  );
  return { days, since };
}
