import { AuthenticatedCustomer } from './authenticated-customer';

/** How long a key found valid is trusted without asking the database again. */
export const API_KEY_CACHE_TTL_MS = 30_000;
/** Keys remembered at most (the oldest is forgotten first). */
export const API_KEY_CACHE_SIZE = 10_000;

/**
 * The valid API keys this instance has seen recently, by key hash, so that a keyed request costs
 * one database round trip instead of two. Safe only while revocations are heard: every revoked or
 * deleted key is announced by the database (NOTIFY api_key_revoked) and dropped here at once. When
 * the LISTEN connection is down, notifications could be missed, so the cache forgets everything
 * and answers nothing until it listens again. Unknown keys are never cached.
 */
export class ApiKeyCache {
  private readonly byHash = new Map<string, { customer: AuthenticatedCustomer; expiresAt: number }>();
  private listening = false;
  /**
   * Moves on at every revocation heard and every gap in listening. A lookup that began before it
   * moved may have read a key just revoked: what it found is not remembered (see set).
   */
  generation = 0;

  constructor(
    private readonly now: () => number = () => performance.now(),
    private readonly ttlMs = API_KEY_CACHE_TTL_MS,
    private readonly size = API_KEY_CACHE_SIZE,
  ) {}

  get(hash: string): AuthenticatedCustomer | undefined {
    if (!this.listening) return undefined;
    const entry = this.byHash.get(hash);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.byHash.delete(hash);
      return undefined;
    }
    return entry.customer;
  }

  /** Remembers a key found valid by a lookup that began at `readAtGeneration`. */
  set(hash: string, customer: AuthenticatedCustomer, readAtGeneration: number): void {
    if (!this.listening || readAtGeneration !== this.generation) return;
    this.byHash.delete(hash);
    if (this.byHash.size >= this.size) this.byHash.delete(this.byHash.keys().next().value!);
    this.byHash.set(hash, { customer, expiresAt: this.now() + this.ttlMs });
  }

  /** A key was revoked or deleted (here or on another instance). */
  forgetKey(apiKeyId: string): void {
    this.generation += 1;
    for (const [hash, entry] of this.byHash) if (entry.customer.apiKeyId === apiKeyId) this.byHash.delete(hash);
  }

  /** Whether revocations are being heard; when not, nothing is trusted from memory. */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.generation += 1;
    if (!listening) this.byHash.clear();
  }
}
