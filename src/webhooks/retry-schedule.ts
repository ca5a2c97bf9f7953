/** Jitter spreads retries of many events that failed together (±20% of the delay). */
const JITTER = 0.2;
/** A Retry-After longer than this is taken as this: an event is not parked for days on one answer. */
const MAX_RETRY_AFTER_MS = 24 * 3_600_000;

/**
 * When to make the next attempt of a round, or undefined when the round is over. `attemptsMade` is
 * how many attempts of this round were made; `scheduleMs[n]` is the delay before attempt n+1.
 * The receiver's Retry-After is honoured: never sooner than it asks.
 */
export function nextAttemptDelayMs(
  scheduleMs: readonly number[],
  attemptsMade: number,
  retryAfterMs: number | undefined,
  random: () => number = Math.random,
): number | undefined {
  const planned = scheduleMs[attemptsMade];
  if (planned === undefined) return undefined;
  const spread = random();
  const jittered = Math.round(planned * (1 - JITTER + 2 * JITTER * spread));
  // Jitter on top of Retry-After too (only later), or every event told the same time retries together.
  const notBefore = retryAfterMs === undefined ? 0 : Math.round(retryAfterMs * (1 + JITTER * spread));
  return Math.max(jittered, notBefore);
}

/** Retry-After as seconds or an HTTP date (RFC 9110), in milliseconds from now; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: Date): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  const ms = /^\d+$/.test(trimmed) ? Number(trimmed) * 1000 : Date.parse(trimmed) - now.getTime();
  if (Number.isNaN(ms)) return undefined;
  return Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS);
}
