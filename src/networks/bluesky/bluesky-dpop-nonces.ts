/**
 * The latest DPoP nonce each server gave (RFC 9449 §8, §9), by origin, kept across the adapter's
 * calls: a PDS asks every proof without its current nonce to be sent again, so a call that starts
 * with the nonce the previous call learnt saves that round trip. A server rotates its nonce every
 * few minutes; a stale one is only asked for again (one retry, as without the cache). Bounded: the
 * oldest origin learnt is forgotten first, so many PDSes cannot grow it without end.
 */
export class DpopNonces {
  private readonly byOrigin = new Map<string, string>();

  constructor(private readonly maxOrigins = 10_000) {}

  /** The nonce last learnt from the server of `url`, if any. */
  get(url: string): string | undefined {
    return this.byOrigin.get(new URL(url).origin);
  }

  /** Keeps `nonce` as the server of `url`'s current one. */
  set(url: string, nonce: string): void {
    const origin = new URL(url).origin;
    this.byOrigin.delete(origin);
    this.byOrigin.set(origin, nonce);
    if (this.byOrigin.size > this.maxOrigins) this.byOrigin.delete(this.byOrigin.keys().next().value!);
  }
}
