import { Module } from '@nestjs/common';
import { ApiKeyRateLimiter, monotonicClock, RATE_LIMIT_CLOCK } from './api-key-rate-limiter';

/** The per-API-key request limit. Used by auth, right after a key is recognised. */
@Module({
  providers: [ApiKeyRateLimiter, { provide: RATE_LIMIT_CLOCK, useValue: monotonicClock }],
  exports: [ApiKeyRateLimiter],
})
export class RateLimitModule {}
