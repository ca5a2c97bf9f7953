import { TokenBuckets } from './token-buckets';

/** A clock the test moves by hand (milliseconds). */
function fakeClock(start = 1_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

function drain(buckets: TokenBuckets, key: string, times: number) {
  return Array.from({ length: times }, () => buckets.take(key));
}

describe('TokenBuckets', () => {
  it('lets a full burst through at once, then refuses without taking anything', () => {
    const clock = fakeClock();
    const buckets = new TokenBuckets({ perSecond: 2, burst: 3 }, clock.now);
    const decisions = drain(buckets, 'k', 3);
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true]);
    expect(decisions.map((d) => d.remaining)).toEqual([2, 1, 0]);
    expect(decisions.every((d) => d.limit === 3)).toBe(true);

    const refused = buckets.take('k');
    expect(refused).toEqual({ allowed: false, limit: 3, remaining: 0, resetSeconds: 2, retryAfterSeconds: 1 });
    // Refusals take nothing: half a second later exactly one request fits (2/s).
    drain(buckets, 'k', 5);
    clock.advance(500);
    expect(buckets.take('k').allowed).toBe(true);
    expect(buckets.take('k').allowed).toBe(false);
  });

  it('refills at the rate, never above the burst', () => {
    const clock = fakeClock();
    const buckets = new TokenBuckets({ perSecond: 10, burst: 5 }, clock.now);
    drain(buckets, 'k', 5);
    clock.advance(300);
    expect(drain(buckets, 'k', 4).map((d) => d.allowed)).toEqual([true, true, true, false]);
    clock.advance(60_000);
    const first = buckets.take('k');
    expect(first.remaining).toBe(4);
    expect(drain(buckets, 'k', 5).map((d) => d.allowed)).toEqual([true, true, true, true, false]);
  });

  it('says when one request fits again (Retry-After) and when the bucket is full (Reset), in whole seconds', () => {
    const clock = fakeClock();
    // 1 request every 4 s, bucket of 2.
    const slow = new TokenBuckets({ perSecond: 0.25, burst: 2 }, clock.now);
    drain(slow, 'k', 2);
    expect(slow.take('k')).toMatchObject({ allowed: false, retryAfterSeconds: 4, resetSeconds: 8 });
    clock.advance(1_500);
    expect(slow.take('k')).toMatchObject({ allowed: false, retryAfterSeconds: 3, resetSeconds: 7 });
    clock.advance(2_500);
    expect(slow.take('k')).toMatchObject({ allowed: true, remaining: 0, resetSeconds: 8 });

    // A fast bucket still asks for at least 1 s: Retry-After has no smaller unit.
    const fast = new TokenBuckets({ perSecond: 1000, burst: 1 }, clock.now);
    fast.take('k');
    expect(fast.take('k')).toMatchObject({ allowed: false, retryAfterSeconds: 1, resetSeconds: 1 });
  });

  it('waiting Retry-After seconds is always enough', () => {
    const clock = fakeClock();
    const buckets = new TokenBuckets({ perSecond: 3, burst: 7 }, clock.now);
    for (let round = 0; round < 50; round++) {
      let refused = buckets.take('k');
      while (refused.allowed) refused = buckets.take('k');
      clock.advance(refused.retryAfterSeconds * 1000);
      expect(buckets.take('k').allowed).toBe(true);
      clock.advance(137 * round);
    }
  });

  it('keeps one bucket per key', () => {
    const buckets = new TokenBuckets({ perSecond: 1, burst: 2 }, fakeClock().now);
    drain(buckets, 'a', 3);
    expect(buckets.take('a').allowed).toBe(false);
    expect(buckets.take('b')).toMatchObject({ allowed: true, remaining: 1 });
  });

  it('refills nothing, and drains nothing, when the clock steps back', () => {
    const clock = fakeClock(10_000);
    const buckets = new TokenBuckets({ perSecond: 1, burst: 2 }, clock.now);
    buckets.take('k');
    clock.advance(-5_000);
    expect(buckets.take('k')).toMatchObject({ allowed: true, remaining: 0 });
    expect(buckets.take('k').allowed).toBe(false);
  });

  it('forgets buckets idle long enough to be full again, which changes no answer', () => {
    const clock = fakeClock();
    const buckets = new TokenBuckets({ perSecond: 10, burst: 20 }, clock.now); // full again after 2 s
    for (let i = 0; i < 1_000; i++) buckets.take(`key-${i}`);
    expect(buckets.size).toBe(1_000);
    clock.advance(1_999);
    buckets.take('key-0');
    expect(buckets.size).toBe(1_000);
    clock.advance(1);
    buckets.take('other');
    // key-0 was used 1.999 s ago and stays; the rest were idle 2 s and are gone.
    expect(buckets.size).toBe(2);
    expect(buckets.take('key-5')).toMatchObject({ allowed: true, remaining: 19 });
  });

  it('never holds more than maxBuckets, dropping the longest idle first', () => {
    const clock = fakeClock();
    const buckets = new TokenBuckets({ perSecond: 1, burst: 5 }, clock.now, 3);
    drain(buckets, 'a', 5);
    clock.advance(10);
    drain(buckets, 'b', 5);
    clock.advance(10);
    drain(buckets, 'c', 5);
    clock.advance(10);
    buckets.take('a'); // a is now the most recently used; b the longest idle
    buckets.take('d');
    expect(buckets.size).toBe(3);
    expect(buckets.take('a').allowed).toBe(false);
    expect(buckets.take('c').allowed).toBe(false);
    // b was dropped: a new, full bucket (lenient, never stricter).
    expect(buckets.take('b')).toMatchObject({ allowed: true, remaining: 4 });
  });

  it('refuses rules that make no bucket', () => {
    expect(() => new TokenBuckets({ perSecond: 0, burst: 1 }, Date.now)).toThrow();
    expect(() => new TokenBuckets({ perSecond: 1, burst: 0 }, Date.now)).toThrow();
  });
});
