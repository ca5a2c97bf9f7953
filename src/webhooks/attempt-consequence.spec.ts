import { TestClock } from '../common/clock/test-clock';
import { attemptConsequence } from './attempt-consequence';

/** WEBHOOK_RETRY_SCHEDULE_MS's shape: at once, then later and later. */
const SCHEDULE = [0, 60_000, 600_000, 3_600_000];
const middle = () => 0.5;

describe('attemptConsequence', () => {
  const clock = new TestClock('2026-11-21T12:00:00Z');
  const failed = (statusCode: number | null, retryAfterMs?: number) => ({
    statusCode,
    durationMs: 12,
    error: 'The receiver answered 500',
    retryAfterMs,
  });

  it('is delivered on any 2xx answer', () => {
    expect(attemptConsequence({ statusCode: 204, durationMs: 5, error: null }, 1, SCHEDULE, clock.now())).toEqual({
      kind: 'delivered',
    });
  });

  it('makes the next attempt due on the schedule, counted from the clock', () => {
    clock.set('2026-11-21T18:30:00Z');
    expect(attemptConsequence(failed(500), 1, SCHEDULE, clock.now(), middle)).toEqual({
      kind: 'retry',
      at: new Date('2026-11-21T18:31:00Z'),
    });
    // No answer at all (refused, timed out) is retried the same way, later in the round.
    expect(attemptConsequence(failed(null), 2, SCHEDULE, clock.now(), middle)).toEqual({
      kind: 'retry',
      at: new Date('2026-11-21T18:40:00Z'),
    });
  });

  it("never before the receiver's Retry-After", () => {
    clock.set('2026-11-21T12:00:00Z');
    const next = attemptConsequence(failed(503, 2 * 3_600_000), 1, SCHEDULE, clock.now(), () => 0);
    expect(next).toEqual({ kind: 'retry', at: new Date('2026-11-21T14:00:00Z') });
  });

  it("gives the event up after the round's last attempt", () => {
    expect(attemptConsequence(failed(500), SCHEDULE.length, SCHEDULE, clock.now())).toEqual({
      kind: 'failed',
      reason: 'No 2xx answer after 4 attempts',
    });
    expect(attemptConsequence(failed(500), 1, [0], clock.now())).toEqual({
      kind: 'failed',
      reason: 'No 2xx answer after 1 attempt',
    });
  });

  it('gives the endpoint up at once on 410 Gone, whatever is left of the round', () => {
    expect(attemptConsequence(failed(410), 1, SCHEDULE, clock.now())).toEqual({
      kind: 'gone',
      reason: 'The receiver answered 410 Gone: the endpoint is disabled',
    });
  });
});
