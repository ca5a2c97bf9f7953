/** How long a key found invalid is answered from memory (a key once unknown stays unknown: keys are random). */
export const INVALID_KEY_TTL_MS = 60_000;
/** Hashes remembered at most; the oldest is forgotten first, so a storm of fresh keys cannot grow memory. */
export const INVALID_KEY_CACHE_SIZE = 10_000;

/**
 * A small, bounded negative cache: hashes of well-formed keys the database did not know (or knew
 * revoked) a moment ago. A client repeating one is answered without a lookup. Revoked keys never
 * come back, and a new key is random, so remembering a miss can never refuse a valid key.
 */
export class RecentlyInvalidKeys {
  private readonly expiresAtByHash = new Map<string, number>();

  constructor(
    private readonly now: () => number = () => performance.now(),
    private readonly ttlMs = INVALID_KEY_TTL_MS,
    readonly maxSize = INVALID_KEY_CACHE_SIZE,
  ) {}

  get size(): number {
    return this.expiresAtByHash.size;
  }

  has(hash: string): boolean {
    const expiresAt = this.expiresAtByHash.get(hash);
    if (expiresAt === undefined) return false;
    if (expiresAt > this.now()) return true;
    this.expiresAtByHash.delete(hash);
    return false;
  }

  remember(hash: string): void {
    this.expiresAtByHash.delete(hash);
    while (this.expiresAtByHash.size >= this.maxSize)
      this.expiresAtByHash.delete(this.expiresAtByHash.keys().next().value!);
    this.expiresAtByHash.set(hash, this.now() + this.ttlMs);
  }
}
