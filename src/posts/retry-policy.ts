import { NetworkError } from '../networks';
import type { DeliveryErrorCode } from '../common/errors/delivery-error-code';

/** After this many attempts a delivery that keeps failing transiently is given up as failed. */
export const MAX_ATTEMPTS = 8;
/** A delivery waits for a network's rate-limit window this long at most (Instagram's is a rolling day). */
export const MAX_RATE_LIMIT_WAIT_MS = 48 * 3_600_000;
const BASE_DELAY_MS = 30_000;
const MAX_DELAY_MS = 60 * 60_000;

/**
 * When to try again after a transient error or a rate limit: exponential backoff with ±20% jitter
 * (so retries of many deliveries spread out), never before the network's own reset time.
 */
export function nextAttemptAt(
  error: NetworkError,
  attempts: number,
  now: Date,
  random: () => number = Math.random,
): Date {
  const backoff = Math.min(BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1), MAX_DELAY_MS);
  const jittered = backoff * (0.8 + 0.4 * random());
  const earliest =
    error.kind === 'rate_limited' && error.details.retryAt ? error.details.retryAt.getTime() - now.getTime() : 0;
  // A rate limit is honoured exactly, plus a little jitter so that every waiting delivery does not return at once.
  const delay = earliest > 0 ? earliest + 1_000 + 4_000 * random() : jittered;
  return new Date(now.getTime() + delay);
}

/** Why a delivery (or comment answer) waits for its next attempt. */
export type WaitCode = Extract<DeliveryErrorCode, 'rate_limited' | 'usage_capped' | 'network_unavailable'>;

export type AfterFailure =
  | {
      kind: 'fail';
      code: Extract<
        DeliveryErrorCode,
        'network_rejected' | 'media_unavailable' | 'retries_exhausted' | 'rate_limited' | 'usage_capped'
      >;
    }
  /** `rateLimited`: a wait for the network (a rate-limit window or a usage cap), not counted as a failed attempt. */
  | { kind: 'retry'; at: Date; rateLimited: boolean; code: WaitCode };

/**
 * What a failed attempt (other than an expired token) leads to. A permanent error fails at once. A
 * rate limit waits for the network's window (a usage cap for its period), however many times, within
 * MAX_RATE_LIMIT_WAIT_MS of the delivery's creation: the issue asks that a publish over the limit
 * wait, not fail. Other
 * transient errors retry until MAX_ATTEMPTS attempts that were not rate-limit waits. A delivery
 * retried after failing (`retriedAt`) has the waits of a new one: the bound counts from its retry.
 */
export function afterFailure(
  delivery: { attempts: number; rateLimitWaits: number; createdAt: Date; retriedAt?: Date | null },
  error: NetworkError,
  now: Date,
  random: () => number = Math.random,
): AfterFailure {
  if (error.kind === 'permanent')
    return { kind: 'fail', code: error.details.mediaUnavailable ? 'media_unavailable' : 'network_rejected' };
  if (error.kind === 'rate_limited') {
    // A usage cap (X's monthly or daily cap) waits the same way, for the end of its period, under its own code.
    const code = error.details.usageCap ? 'usage_capped' : 'rate_limited';
    const at = nextAttemptAt(error, delivery.attempts, now, random);
    const waitingSince = delivery.retriedAt ?? delivery.createdAt;
    if (at.getTime() - waitingSince.getTime() > MAX_RATE_LIMIT_WAIT_MS) return { kind: 'fail', code };
    return { kind: 'retry', at, rateLimited: true, code };
  }
  if (delivery.attempts - delivery.rateLimitWaits >= MAX_ATTEMPTS) return { kind: 'fail', code: 'retries_exhausted' };
  // Backoff grows with the failures, not with the waits for a window.
  return {
    kind: 'retry',
    at: nextAttemptAt(error, delivery.attempts - delivery.rateLimitWaits, now, random),
    rateLimited: false,
    code: 'network_unavailable',
  };
}
