import { ApiException } from '../common/errors/api-exception';
import { KeyLookupThrottle } from './key-lookup-throttle';

describe('KeyLookupThrottle', () => {
  it('admits a burst per address, then answers 429 with Retry-After, while other addresses are untouched', () => {
    let now = 0;
    const throttle = new KeyLookupThrottle({ burst: 3, perSecond: 1 }, () => now);
    for (let i = 0; i < 3; i++) throttle.admit('203.0.113.1');
    let refused: unknown;
    try {
      throttle.admit('203.0.113.1');
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(ApiException);
    expect((refused as ApiException).status).toBe(429);
    expect((refused as ApiException).headers['Retry-After']).toBe('1');
    expect(() => throttle.admit('203.0.113.2')).not.toThrow();
    now = 1_000;
    expect(() => throttle.admit('203.0.113.1')).not.toThrow();
  });

  it('counts an IPv6 client by its /64', () => {
    const throttle = new KeyLookupThrottle({ burst: 2, perSecond: 1 }, () => 0);
    throttle.admit('2001:db8:1:2::1');
    throttle.admit('2001:db8:1:2::ffff');
    expect(() => throttle.admit('2001:db8:1:2:abcd::9')).toThrow(ApiException);
    expect(() => throttle.admit('2001:db8:1:3::1')).not.toThrow();
  });

  it('gives a token back for a lookup that found a valid key or failed: only bad keys use up the share', () => {
    const throttle = new KeyLookupThrottle({ burst: 2, perSecond: 1 }, () => 0);
    // Many lookups of valid keys (a cold cache, the database away) from one address: never refused.
    for (let i = 0; i < 50; i++) {
      throttle.admit('203.0.113.9');
      throttle.refund('203.0.113.9');
    }
    throttle.admit('203.0.113.9');
    throttle.admit('203.0.113.9');
    expect(() => throttle.admit('203.0.113.9')).toThrow(ApiException);
  });
});
