/**
 * One kind of token a network issues (a Facebook user token, an X refresh token). Declared in
 * the network's folder and listed in its descriptor, so that what a token looks like and how long
 * it lives is said once, where the network is.
 */
export interface TokenKindSpec {
  /** Stored on the token (`IssuedToken.kind`); unique over all emulated networks. */
  readonly kind: string;
  /** How the network's tokens of this kind begin (Facebook EAA, Instagram IGAA, X nothing). */
  readonly prefix: string;
  /** Seconds a token of each lifetime lives; a lifetime left out never expires (or is given per token). */
  readonly ttlSeconds: Readonly<Partial<Record<TokenLifetime, number>>>;
  /** `single-use`: a refresh spends it and issues a new one (X). `reusable`: it stays good until it expires. */
  readonly rotation: 'single-use' | 'reusable';
  /** What it speaks for, for people reading the descriptor or `GET /control/networks`. */
  readonly about: string;
}

/** Short-lived tokens need an exchange; long-lived ones are what the service stores. */
export type TokenLifetime = 'short' | 'long';
