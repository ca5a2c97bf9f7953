import { ApiException } from '../common/errors/api-exception';
import { throttleAddress } from '../common/http/client-address';
import { Clock, TokenBuckets } from '../rate-limit';

/**
 * Bounds the database lookups a client can cause with keys that do not exist: every well-formed
 * key not already known valid costs a lookup, so a storm of made-up keys would otherwise become a
 * database load. Each address (TRUST_PROXY decides it; IPv6 by its /64) has a bucket; a lookup, or
 * a repeat of a key recently found invalid, takes a token, and once the bucket is empty such
 * requests are answered 429 with Retry-After, with no lookup. A lookup that finds a valid key, or
 * cannot be made (the database away), gives its token back (`refund`), so only keys found invalid
 * stay counted and honest clients never notice. Malformed keys are not counted: they are refused by
 * their shape and cost nothing.
 */
export class KeyLookupThrottle {
  private readonly buckets: TokenBuckets;

  constructor(limits: { burst: number; perSecond: number }, clock: Clock = () => performance.now()) {
    const { burst, perSecond } = limits;
    this.buckets = new TokenBuckets({ perSecond, burst }, clock);
  }

  /**
   * The lookup admitted for the address found a valid key, or could not be made (the database
   * away): it was no bad key, and its token goes back. Only keys found invalid stay counted, so an
   * outage or a cold cache never turns honest clients away.
   */
  refund(clientIp: string | undefined): void {
    if (clientIp !== undefined) this.buckets.giveBack(throttleAddress(clientIp));
  }

  /** Takes one token of the address, or throws 429 `rate_limited` with Retry-After. */
  admit(clientIp: string | undefined): void {
    // No address (the CLI, a unit test): nothing to count by, and no network caller either.
    if (clientIp === undefined) return;
    const decision = this.buckets.take(throttleAddress(clientIp));
    if (decision.allowed) return;
    throw new ApiException(
      'rate_limited',
      `Too many unknown API keys from this address; retry after ${decision.retryAfterSeconds} s`,
      undefined,
      undefined,
      {
        'Retry-After': String(decision.retryAfterSeconds),
      },
    );
  }
}
