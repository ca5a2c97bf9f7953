import { nextAttemptDelayMs } from './retry-schedule';
import { AttemptResult, isDelivered } from './webhook-sender';

/** The receiver's way of saying the endpoint is gone for good: it is disabled. */
export const GONE = 410;

/**
 * What one attempt of a round leads to: delivered; the endpoint disabled (410 Gone) and the event
 * failed; the next attempt due at `at`, on the retry schedule and never before Retry-After; or the
 * event failed, the round's last attempt made.
 */
export type AttemptConsequence =
  | { kind: 'delivered' }
  | { kind: 'gone'; reason: string }
  | { kind: 'retry'; at: Date }
  | { kind: 'failed'; reason: string };

/** `roundAttempts` counts this attempt; `scheduleMs` is WEBHOOK_RETRY_SCHEDULE_MS. */
export function attemptConsequence(
  result: AttemptResult,
  roundAttempts: number,
  scheduleMs: readonly number[],
  now: Date,
  random: () => number = Math.random,
): AttemptConsequence {
  if (isDelivered(result)) return { kind: 'delivered' };
  if (result.statusCode === GONE)
    return { kind: 'gone', reason: 'The receiver answered 410 Gone: the endpoint is disabled' };
  const delayMs = nextAttemptDelayMs(scheduleMs, roundAttempts, result.retryAfterMs, random);
  if (delayMs === undefined)
    return {
      kind: 'failed',
      reason: `No 2xx answer after ${roundAttempts} attempt${roundAttempts > 1 ? 's' : ''}`,
    };
  return { kind: 'retry', at: new Date(now.getTime() + delayMs) };
}
