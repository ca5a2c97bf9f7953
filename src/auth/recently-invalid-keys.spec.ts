import { RecentlyInvalidKeys } from './recently-invalid-keys';

describe('RecentlyInvalidKeys', () => {
  it('remembers a hash for its time, then forgets it', () => {
    let now = 0;
    const cache = new RecentlyInvalidKeys(() => now, 1_000, 10);
    cache.remember('a');
    expect(cache.has('a')).toBe(true);
    now = 999;
    expect(cache.has('a')).toBe(true);
    now = 1_000;
    expect(cache.has('a')).toBe(false);
    expect(cache.size).toBe(0);
  });

  it('never holds more than its bound, however many keys a storm brings, forgetting the oldest first', () => {
    const cache = new RecentlyInvalidKeys(() => 0, 60_000, 100);
    for (let i = 0; i < 10_000; i++) cache.remember(`hash-${i}`);
    expect(cache.size).toBe(100);
    expect(cache.has('hash-9999')).toBe(true);
    expect(cache.has('hash-9900')).toBe(true);
    expect(cache.has('hash-9899')).toBe(false);
  });
});
