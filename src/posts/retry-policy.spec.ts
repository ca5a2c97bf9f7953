import { NetworkError } from '../networks/network-error';
import { afterFailure, MAX_ATTEMPTS, MAX_RATE_LIMIT_WAIT_MS, nextAttemptAt } from './retry-policy';

const now = new Date('2026-11-21T12:00:00Z');
const transient = new NetworkError('x', 'transient', 'boom');

describe('nextAttemptAt', () => {
  it('backs off exponentially with jitter within ±20%', () => {
    const delays = [1, 2, 3].map((attempts) =>
      [0, 1].map((random) => nextAttemptAt(transient, attempts, now, () => random).getTime() - now.getTime()),
    );
    expect(delays).toEqual([
      [24_000, 36_000],
      [48_000, 72_000],
      [96_000, 144_000],
    ]);
  });

  it('never waits more than an hour (plus jitter)', () => {
    expect(nextAttemptAt(transient, MAX_ATTEMPTS + 20, now, () => 1).getTime() - now.getTime()).toBe(72 * 60_000);
  });

  it("honours the network's reset time for a rate limit", () => {
    const limited = new NetworkError('x', 'rate_limited', 'slow down', {
      retryAt: new Date(now.getTime() + 15 * 60_000),
    });
    const at = nextAttemptAt(limited, 1, now, () => 0).getTime() - now.getTime();
    expect(at).toBe(15 * 60_000 + 1_000);
  });
});

describe('afterFailure', () => {
  const created = new Date(now.getTime() - 60_000);
  const limited = new NetworkError('x', 'rate_limited', 'slow down', {
    retryAt: new Date(now.getTime() + 15 * 60_000),
  });

  it('fails a permanent error at once', () => {
    expect(
      afterFailure(
        { attempts: 1, rateLimitWaits: 0, createdAt: created },
        new NetworkError('x', 'permanent', 'no'),
        now,
      ),
    ).toEqual({ kind: 'fail', code: 'network_rejected' });
  });

  it('fails a medium the network could not fetch at once, as media_unavailable', () => {
    expect(
      afterFailure(
        { attempts: 1, rateLimitWaits: 0, createdAt: created },
        new NetworkError('instagram', 'permanent', 'Media download has failed', { mediaUnavailable: true }),
        now,
      ),
    ).toEqual({ kind: 'fail', code: 'media_unavailable' });
  });

  it('gives up on transient errors after MAX_ATTEMPTS attempts that were not rate-limit waits', () => {
    expect(
      afterFailure({ attempts: MAX_ATTEMPTS - 1, rateLimitWaits: 0, createdAt: created }, transient, now).kind,
    ).toBe('retry');
    expect(afterFailure({ attempts: MAX_ATTEMPTS, rateLimitWaits: 0, createdAt: created }, transient, now)).toEqual({
      kind: 'fail',
      code: 'retries_exhausted',
    });
    // Twenty waits for a window first: still seven failures to go.
    expect(
      afterFailure({ attempts: MAX_ATTEMPTS + 20, rateLimitWaits: 21, createdAt: created }, transient, now).kind,
    ).toBe('retry');
  });

  it('waits for a rate limit window however many times, instead of failing', () => {
    const next = afterFailure({ attempts: 50, rateLimitWaits: 49, createdAt: created }, limited, now, () => 0);
    expect(next).toEqual({
      kind: 'retry',
      at: new Date(now.getTime() + 15 * 60_000 + 1_000),
      rateLimited: true,
      code: 'rate_limited',
    });
  });

  it('waits for the end of a usage cap under its own code, and fails with it when that is past the limit', () => {
    const capEnd = new Date(now.getTime() + 20 * 3_600_000);
    const capped = new NetworkError('x', 'rate_limited', 'Usage cap exceeded', { retryAt: capEnd, usageCap: 'Daily' });
    expect(afterFailure({ attempts: 1, rateLimitWaits: 0, createdAt: created }, capped, now, () => 0)).toEqual({
      kind: 'retry',
      at: new Date(capEnd.getTime() + 1_000),
      rateLimited: true,
      code: 'usage_capped',
    });
    const monthAway = new NetworkError('x', 'rate_limited', 'Usage cap exceeded', {
      retryAt: new Date(now.getTime() + 20 * 24 * 3_600_000),
      usageCap: 'Monthly',
    });
    expect(afterFailure({ attempts: 1, rateLimitWaits: 0, createdAt: created }, monthAway, now)).toEqual({
      kind: 'fail',
      code: 'usage_capped',
    });
  });

  it('retries other trouble as network_unavailable', () => {
    expect(afterFailure({ attempts: 1, rateLimitWaits: 0, createdAt: created }, transient, now)).toMatchObject({
      kind: 'retry',
      rateLimited: false,
      code: 'network_unavailable',
    });
  });

  it("but not past MAX_RATE_LIMIT_WAIT_MS from the delivery's creation", () => {
    const old = new Date(now.getTime() - MAX_RATE_LIMIT_WAIT_MS + 60_000);
    expect(afterFailure({ attempts: 3, rateLimitWaits: 2, createdAt: old }, limited, now)).toEqual({
      kind: 'fail',
      code: 'rate_limited',
    });
  });

  it('counts that bound from the retry of a delivery retried after failing', () => {
    const old = new Date(now.getTime() - 5 * MAX_RATE_LIMIT_WAIT_MS);
    const retriedAt = new Date(now.getTime() - 60_000);
    expect(afterFailure({ attempts: 1, rateLimitWaits: 0, createdAt: old, retriedAt }, limited, now, () => 0)).toEqual({
      kind: 'retry',
      at: new Date(now.getTime() + 15 * 60_000 + 1_000),
      rateLimited: true,
      code: 'rate_limited',
    });
    expect(afterFailure({ attempts: 1, rateLimitWaits: 0, createdAt: old, retriedAt: null }, limited, now).kind).toBe(
      'fail',
    );
  });
});
