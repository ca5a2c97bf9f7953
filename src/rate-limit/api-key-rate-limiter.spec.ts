import { AppConfig } from '../config/app-config';
import { ApiException } from '../common/errors/api-exception';
import { ApiKeyRateLimiter } from './api-key-rate-limiter';

function limiter(perSecond: number, burst: number) {
  let now = 0;
  const config = { rateLimit: { perSecond, burst } } as AppConfig;
  return { limiter: new ApiKeyRateLimiter(config, () => now), advance: (ms: number) => (now += ms) };
}

/** A reply that only records headers. */
function reply() {
  const headers: Record<string, string> = {};
  return { headers, header: (name: string, value: string) => (headers[name] = value) };
}

function thrown(run: () => void): ApiException {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiException) return error;
    throw error;
  }
  throw new Error('nothing was thrown');
}

describe('ApiKeyRateLimiter', () => {
  it('puts the headers on allowed requests', () => {
    const { limiter: l } = limiter(2, 3);
    const target = reply();
    l.enforce({}, 'key_1', target);
    expect(target.headers).toEqual({
      'X-RateLimit-Limit': '3',
      'X-RateLimit-Remaining': '2',
      'X-RateLimit-Reset': '1',
    });
  });

  it('refuses with 429 rate_limited, Retry-After and the same headers once the bucket is empty', () => {
    const { limiter: l, advance } = limiter(2, 3);
    for (let i = 0; i < 3; i++) l.enforce({}, 'key_1', reply());
    const target = reply();
    const error = thrown(() => l.enforce({}, 'key_1', target));
    expect(error.status).toBe(429);
    expect(error.code).toBe('rate_limited');
    expect(error.headers).toEqual({
      'X-RateLimit-Limit': '3',
      'X-RateLimit-Remaining': '0',
      'X-RateLimit-Reset': '2',
      'Retry-After': '1',
    });
    advance(1_000);
    expect(() => l.enforce({}, 'key_1', reply())).not.toThrow();
  });

  it('counts one request once, however many times it is checked (early check, then guard)', () => {
    const { limiter: l } = limiter(1, 2);
    const request = {};
    const target = reply();
    l.enforce(request, 'key_1', target);
    l.enforce(request, 'key_1', target);
    expect(target.headers['X-RateLimit-Remaining']).toBe('1');
  });

  it('does nothing, and sends no headers, when RATE_LIMIT_PER_SECOND is 0', () => {
    const { limiter: l } = limiter(0, 1);
    const target = reply();
    for (let i = 0; i < 100; i++) l.enforce({}, 'key_1', target);
    expect(target.headers).toEqual({});
  });
});
