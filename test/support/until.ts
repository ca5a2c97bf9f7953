import { INestApplicationContext } from '@nestjs/common';
import { LaneRunner } from '../../src/queue/lane-runner';

/**
 * The e2e tests' one way to wait. A test waits for a positive signal, never for a while:
 * - `until`: something it can observe becomes so (a row, an answer, a receipt);
 * - `lanesIdle`: nothing more happens, because the worker's lanes have finished all that was due;
 * - `pace`: only where the time itself is under test (a rate limit's refill, a heartbeat's rhythm).
 */

/**
 * Polls `probe` until it answers something truthy, and answers that; fails naming `what` after
 * `timeoutMs` (a function is asked then, so it can tell the last state seen). For waiting on what
 * the service does in the background (a worker, a webhook).
 */
export async function until<T>(
  what: string | (() => string),
  probe: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  timeoutMs = 20_000,
  pollMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${typeof what === 'string' ? what : what()}`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/**
 * Resolves once the app's worker lanes (publishing, webhook attempts) have claimed again after this
 * call, found nothing due and hold nothing: all they had to do is done. A test asserts that
 * something did not happen after this, where a sleep would pass just as well if it happened later.
 * Work scheduled for later (a post's time, a retry's wait) is not due yet, and not waited for.
 */
export async function lanesIdle(app: INestApplicationContext, timeoutMs = 20_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`The worker's lanes were not idle within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([app.get(LaneRunner).idle(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Lets `ms` pass, for a test whose subject is time itself (`why` says which): a limit refilling,
 * heartbeats' rhythm, a sampler's interval. Never to wait for something to happen or not happen.
 */
export function pace(ms: number, why: string): Promise<void> {
  if (!Number.isFinite(ms)) throw new Error(`pace(${ms} ms) for ${why}: not a time`);
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}
