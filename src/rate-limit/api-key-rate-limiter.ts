import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../config';
import type { AppConfig } from '../config';
import { ApiException } from '../common/errors/api-exception';
import { BucketDecision, TokenBuckets } from './token-buckets';
import type { Clock } from './token-buckets';

/** Injection token for the limiter's clock, so tests can move time instead of sleeping. */
export const RATE_LIMIT_CLOCK = Symbol('RATE_LIMIT_CLOCK');

/** Monotonic: a wall clock set back or forward would drain or refill every bucket at once. */
export const monotonicClock: Clock = () => performance.now();

/** Where the headers go: a Fastify reply fits, and so does a plain object in a unit test. */
export interface HeaderTarget {
  header(name: string, value: string): unknown;
}

/** The X-RateLimit-* headers of a decision (Reset: seconds until the bucket is full again). */
export function rateLimitHeaders(decision: BucketDecision): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(decision.limit),
    'X-RateLimit-Remaining': String(decision.remaining),
    'X-RateLimit-Reset': String(decision.resetSeconds),
  };
}

/**
 * Requests per customer and mode, as token buckets kept in this process (RATE_LIMIT_PER_SECOND,
 * RATE_LIMIT_BURST). The bucket is the world the key acts in (a customer's live row or its test
 * world), never the key: a customer that makes more keys gets no more rate. Each instance counts
 * on its own: with N instances behind a load balancer a customer gets up to N times the limit,
 * which keeps the check off the database on every request.
 */
@Injectable()
export class ApiKeyRateLimiter {
  /** Undefined when RATE_LIMIT_PER_SECOND is 0: no limit and no headers. */
  private readonly buckets: TokenBuckets | undefined;
  /**
   * Requests already counted. The early check (onRequest) and the guard both call `enforce`, and a
   * request must take one token, not two.
   */
  private readonly counted = new WeakSet<object>();

  constructor(@Inject(APP_CONFIG) config: AppConfig, @Inject(RATE_LIMIT_CLOCK) clock: Clock) {
    const { perSecond, burst } = config.rateLimit;
    this.buckets = perSecond > 0 ? new TokenBuckets({ perSecond, burst }, clock) : undefined;
  }

  /**
   * Counts one request of an authenticated key against its world's bucket (`worldId`: the
   * customer id the key acts in, one per customer and mode). Allowed: the headers go on the reply (so they reach
   * whatever answer follows, success or error). Over the limit: throws 429 `rate_limited` with the
   * same headers and Retry-After.
   */
  enforce(request: object, worldId: string, reply: HeaderTarget): void {
    if (!this.buckets || this.counted.has(request)) return;
    this.counted.add(request);
    const decision = this.buckets.take(worldId);
    const headers = rateLimitHeaders(decision);
    if (!decision.allowed) {
      throw new ApiException(
        'rate_limited',
        `Too many requests from this customer's keys of this mode; retry after ${decision.retryAfterSeconds} s`,
        undefined,
        undefined,
        {
          ...headers,
          'Retry-After': String(decision.retryAfterSeconds),
        },
      );
    }
    for (const [name, value] of Object.entries(headers)) reply.header(name, value);
  }
}
