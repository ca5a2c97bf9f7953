/** What other modules may use from rate-limit/: everything else in the folder is its own. */
export { ApiKeyRateLimiter, monotonicClock } from './api-key-rate-limiter';
export { RateLimitModule } from './rate-limit.module';
export { TokenBuckets } from './token-buckets';
export type { BucketRules, Clock } from './token-buckets';
