/** Hashes remembered at most; the oldest is forgotten first. */
export const KNOWN_VALID_KEYS_SIZE = 50_000;

/**
 * Hashes of keys this instance has found valid, kept long after the ApiKeyCache forgets them (no
 * expiry, bounded in number). It never authenticates anything: a key whose hash is here is still
 * looked up whenever it is not in the cache. It only decides who pays for the lookup. The
 * unknown-key throttle counts lookups per address, and every client behind one load balancer (or
 * one NAT) shares an address; a storm of made-up keys from one of them must not shut out the
 * others' real keys. A made-up key can never land here (only a lookup that found the key valid
 * puts it here), and a key found revoked is dropped, so a revoked key gets at most one free lookup.
 */
export class KnownValidKeys {
  private readonly hashes = new Set<string>();

  constructor(readonly maxSize = KNOWN_VALID_KEYS_SIZE) {}

  get size(): number {
    return this.hashes.size;
  }

  has(hash: string): boolean {
    return this.hashes.has(hash);
  }

  remember(hash: string): void {
    this.hashes.delete(hash);
    while (this.hashes.size >= this.maxSize) this.hashes.delete(this.hashes.values().next().value!);
    this.hashes.add(hash);
  }

  forget(hash: string): void {
    this.hashes.delete(hash);
  }
}
