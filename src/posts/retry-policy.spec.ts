import { NetworkError } from '../networks/network-error';
import { MAX_ATTEMPTS, nextAttemptAt } from './retry-policy';

const now = new Date('2026-11-21T12:00:00Z');
const transient = new NetworkError('x', 'transient', 'boom');

describe('nextAttemptAt', () => {
  it('backs off exponentially with jitter within ±20%', () => {
    const delays = [1, 2, 3].map((attempts) => [0, 1].map((random) => nextAttemptAt(transient, attempts, now, () => random).getTime() - now.getTime()));
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
    const limited = new NetworkError('x', 'rate_limited', 'slow down', { retryAt: new Date(now.getTime() + 15 * 60_000) });
    const at = nextAttemptAt(limited, 1, now, () => 0).getTime() - now.getTime();
    expect(at).toBe(15 * 60_000 + 1_000);
  });
});
