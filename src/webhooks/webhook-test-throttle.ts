import { Injectable } from '@nestjs/common';
import { ApiException } from '../common/errors/api-exception';
import { monotonicClock } from '../rate-limit';
import { TokenBuckets } from '../rate-limit';
import type { BucketRules, Clock } from '../rate-limit';

/**
 * Test events a customer (per mode) may send at once, then a minute's worth: 5, then one every 12
 * seconds. Each sends a request from our servers to a URL the customer chose and waits for it (up
 * to WEBHOOK_TIMEOUT_MS), so, unbounded, the route turns our servers into the customer's load
 * generator and holds our connections; a person checking a receiver needs a handful.
 */
export const WEBHOOK_TEST_RULES: BucketRules = { burst: 5, perSecond: 5 / 60 };

/**
 * The bound on POST /webhooks/test, by customer and mode, in each instance's memory (like the API
 * rate limit): past it, 429 `rate_limited` with Retry-After, and nothing is sent.
 */
@Injectable()
export class WebhookTestThrottle {
  private readonly buckets: TokenBuckets;

  constructor(clock: Clock = monotonicClock) {
    this.buckets = new TokenBuckets(WEBHOOK_TEST_RULES, clock);
  }

  /** Takes one test from the customer's bucket, or throws the 429. */
  admit(customerId: string): void {
    const decision = this.buckets.take(customerId);
    if (decision.allowed) return;
    throw new ApiException(
      'rate_limited',
      `Too many test events: ${WEBHOOK_TEST_RULES.burst} at once, then ${WEBHOOK_TEST_RULES.perSecond * 60} a minute; retry after ${decision.retryAfterSeconds} s`,
      undefined,
      undefined,
      { 'Retry-After': String(decision.retryAfterSeconds) },
    );
  }
}
