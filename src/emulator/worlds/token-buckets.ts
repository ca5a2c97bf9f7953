/** How fast a bucket refills and how much it holds. */
export interface BucketRate {
  /** Calls allowed at once after a quiet spell. */
  burst: number;
  /** Calls regained per second. */
  perSecond: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * Token buckets by key (a client address, a world): each call takes one token, a bucket refills at
 * its rate up to its burst. Only the buckets of recent callers are kept: a full bucket carries no
 * information, so the oldest ones go first when there are more than `maxKeys`.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly rate: BucketRate,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 10_000,
  ) {}

  /** Takes a token for `key`: false when its bucket is empty (the call is refused, and costs nothing). */
  take(key: string): boolean {
    const now = this.now();
    const bucket = this.buckets.get(key);
    const tokens = bucket
      ? Math.min(this.rate.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.rate.perSecond)
      : this.rate.burst;
    if (tokens < 1) {
      if (bucket) Object.assign(bucket, { tokens, at: now });
      return false;
    }
    // Re-inserted so the map's order is least recently used first.
    this.buckets.delete(key);
    this.buckets.set(key, { tokens: tokens - 1, at: now });
    if (this.buckets.size > this.maxKeys) this.buckets.delete(this.buckets.keys().next().value as string);
    return true;
  }
}
