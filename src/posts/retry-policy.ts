import { NetworkError } from '../networks/network-error';

/** After this many attempts a delivery that keeps failing transiently is given up as failed. */
export const MAX_ATTEMPTS = 8;
const BASE_DELAY_MS = 30_000;
const MAX_DELAY_MS = 60 * 60_000;

/**
 * When to try again after a transient error or a rate limit: exponential backoff with ±20% jitter
 * (so retries of many deliveries spread out), never before the network's own reset time.
 */
export function nextAttemptAt(error: NetworkError, attempts: number, now: Date, random: () => number = Math.random): Date {
  const backoff = Math.min(BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1), MAX_DELAY_MS);
  const jittered = backoff * (0.8 + 0.4 * random());
  const earliest = error.kind === 'rate_limited' && error.details.retryAt ? error.details.retryAt.getTime() - now.getTime() : 0;
  // A rate limit is honoured exactly, plus a little jitter so that every waiting delivery does not return at once.
  const delay = earliest > 0 ? earliest + 1_000 + 4_000 * random() : jittered;
  return new Date(now.getTime() + delay);
}
