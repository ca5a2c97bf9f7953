import { TokenBuckets } from './token-buckets';

describe('TokenBuckets', () => {
  it('lets a burst through, refuses the next call, and refills at its rate', () => {
    let now = 0;
    const buckets = new TokenBuckets({ burst: 3, perSecond: 2 }, () => now);
    expect([1, 2, 3, 4].map(() => buckets.take('a'))).toEqual([true, true, true, false]);
    now = 499;
    expect(buckets.take('a')).toBe(false);
    now = 1000;
    expect([1, 2, 3].map(() => buckets.take('a'))).toEqual([true, true, false]);
  });

  it('keeps each key apart', () => {
    const buckets = new TokenBuckets({ burst: 1, perSecond: 1 }, () => 0);
    expect(buckets.take('a')).toBe(true);
    expect(buckets.take('a')).toBe(false);
    expect(buckets.take('b')).toBe(true);
  });

  it('forgets the least recently used keys past its bound (a forgotten bucket is a full one)', () => {
    const buckets = new TokenBuckets({ burst: 1, perSecond: 0.001 }, () => 0, 2);
    buckets.take('a');
    buckets.take('b');
    buckets.take('c');
    expect(buckets.take('b')).toBe(false);
    expect(buckets.take('a')).toBe(true);
  });
});
