/** A bucket's rules: it holds at most `burst` requests and refills at `perSecond` requests a second. */
export interface BucketRules {
  perSecond: number;
  burst: number;
}

/** The outcome of taking one request from a bucket, in the whole numbers the headers carry. */
export interface BucketDecision {
  allowed: boolean;
  /** The bucket's size (the burst). */
  limit: number;
  /** Whole requests left in the bucket after this one. */
  remaining: number;
  /** Whole seconds until the bucket is full again (0 when it is full). */
  resetSeconds: number;
  /** When refused: whole seconds (at least 1) until one request fits again. 0 when allowed. */
  retryAfterSeconds: number;
}

/** Milliseconds from an arbitrary origin; only differences are used, so a monotonic clock fits best. */
export type Clock = () => number;

interface Bucket {
  tokens: number;
  /** When `tokens` was last brought up to date. */
  at: number;
}

/** A hair of slack so that refills computed in floating point (0.9999999…) still count as a whole request. */
const EPSILON = 1e-9;

/** Enough for every key of a large deployment; beyond it the longest-idle bucket goes first. */
export const DEFAULT_MAX_BUCKETS = 100_000;

/**
 * Token buckets by key, in memory. A bucket not seen for burst/perSecond seconds has refilled
 * completely, which is exactly what a new bucket is, so forgetting it changes no answer: such idle
 * buckets are dropped as requests come, and memory follows the keys active recently, not every key
 * ever seen. `maxBuckets` caps even that; dropping a bucket early only ever gives its key a full
 * bucket (more lenient, never stricter).
 */
export class TokenBuckets {
  /** Kept in order of last use (each use re-inserts), so the idle ones are always at the front. */
  private readonly buckets = new Map<string, Bucket>();
  private readonly refillMs: number;

  constructor(
    private readonly rules: BucketRules,
    private readonly now: Clock,
    private readonly maxBuckets = DEFAULT_MAX_BUCKETS,
  ) {
    if (!(rules.perSecond > 0) || !(rules.burst >= 1) || !(maxBuckets >= 1)) {
      throw new Error('TokenBuckets: perSecond must be > 0, burst and maxBuckets >= 1');
    }
    this.refillMs = (rules.burst / rules.perSecond) * 1000;
  }

  /** How many buckets are held now (for tests and the curious). */
  get size(): number {
    return this.buckets.size;
  }

  /** Takes one request from the key's bucket if there is room; a refused request takes nothing. */
  take(key: string): BucketDecision {
    const now = this.now();
    const { perSecond, burst } = this.rules;
    const bucket = this.buckets.get(key) ?? { tokens: burst, at: now };
    // A clock that steps back (it should not: the default is monotonic) refills nothing, rather than draining.
    const elapsedMs = Math.max(0, now - bucket.at);
    bucket.tokens = Math.min(burst, bucket.tokens + (elapsedMs * perSecond) / 1000);
    bucket.at = Math.max(bucket.at, now);

    const allowed = bucket.tokens + EPSILON >= 1;
    if (allowed) bucket.tokens = Math.max(0, bucket.tokens - 1);

    this.buckets.delete(key);
    this.buckets.set(key, bucket);
    this.evict(now);

    const tokens = bucket.tokens;
    return {
      allowed,
      limit: burst,
      remaining: Math.floor(tokens + EPSILON),
      resetSeconds: Math.max(0, Math.ceil((burst - tokens) / perSecond - EPSILON)),
      retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((1 - tokens) / perSecond - EPSILON)),
    };
  }

  /** Gives back one request taken from the key's bucket (it turned out not to count), up to a full bucket. */
  giveBack(key: string): void {
    const bucket = this.buckets.get(key);
    if (bucket) bucket.tokens = Math.min(this.rules.burst, bucket.tokens + 1);
  }

  /** Drops the buckets idle long enough to be full again, then the oldest beyond maxBuckets. */
  private evict(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (now - bucket.at < this.refillMs && this.buckets.size <= this.maxBuckets) break;
      this.buckets.delete(key);
    }
  }
}
