import { ApiException } from '../common/errors/api-exception';
import { WebhookTestThrottle } from './webhook-test-throttle';

describe('WebhookTestThrottle', () => {
  it('lets 5 through at once, then one every 12 s, per customer, with Retry-After on the 429', () => {
    let now = 0;
    const throttle = new WebhookTestThrottle(() => now);
    for (let i = 0; i < 5; i++) throttle.admit('cus_a');
    let refusal: unknown;
    try {
      throttle.admit('cus_a');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(ApiException);
    expect(refusal).toMatchObject({ status: 429, code: 'rate_limited', headers: { 'Retry-After': '12' } });
    expect(() => throttle.admit('cus_b')).not.toThrow();
    now += 12_000;
    expect(() => throttle.admit('cus_a')).not.toThrow();
    expect(() => throttle.admit('cus_a')).toThrow(ApiException);
  });
});
