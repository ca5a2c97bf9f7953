import { nextAttemptDelayMs, parseRetryAfter } from './retry-schedule';

const SCHEDULE = [0, 5_000, 300_000];

describe('nextAttemptDelayMs', () => {
  it('follows the schedule with at most ±20% jitter', () => {
    expect(nextAttemptDelayMs(SCHEDULE, 1, undefined, () => 0)).toBe(4_000);
    expect(nextAttemptDelayMs(SCHEDULE, 1, undefined, () => 1)).toBe(6_000);
    expect(nextAttemptDelayMs(SCHEDULE, 2, undefined, () => 0.5)).toBe(300_000);
  });

  it('ends the round after the last planned attempt', () => {
    expect(nextAttemptDelayMs(SCHEDULE, 3, undefined)).toBeUndefined();
  });

  it('waits at least as long as Retry-After asks', () => {
    expect(nextAttemptDelayMs(SCHEDULE, 1, 60_000, () => 0)).toBe(60_000);
    expect(nextAttemptDelayMs(SCHEDULE, 1, 60_000, () => 0.5)).toBe(66_000);
    expect(nextAttemptDelayMs(SCHEDULE, 2, 60_000, () => 0.5)).toBe(300_000);
  });
});

describe('parseRetryAfter', () => {
  const now = new Date('2026-11-21T12:00:00.000Z');

  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Sat, 21 Nov 2026 12:00:30 GMT', now)).toBe(30_000);
  });

  it('ignores what it cannot read, treats the past as now, and caps at a day', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('Sat, 21 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('9999999', now)).toBe(24 * 3_600_000);
  });
});
