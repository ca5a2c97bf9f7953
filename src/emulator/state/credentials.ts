import { TokenLifetime } from './token-kinds';

/** An authorization code handed to a redirect_uri after consent. */
export interface IssuedCode {
  value: string;
  /** The id of the emulated network whose consent page issued it. */
  network: string;
  clientId: string;
  redirectUri: string;
  /** The test user who consented. */
  userId: string;
  scopes: string[];
  /** With PKCE (X): the S256 challenge to check the verifier against. */
  codeChallenge?: string;
  /** The network's own authorize parameters kept for the exchange (`AuthorizeRules.keptParams`). */
  kept?: Record<string, string>;
  issuedAt: number;
  expiresAt: number;
  used: boolean;
}

export interface IssuedToken {
  value: string;
  /** The id of the emulated network that issued it. */
  network: string;
  /** What it speaks for: one of its network's token kinds (TokenKindSpec.kind). */
  kind: string;
  lifetime: TokenLifetime;
  userId: string;
  subjectId: string;
  clientId: string;
  scopes: string[];
  /** Tokens from one consent share it; X revoke ends the whole grant. */
  grantId: string;
  issuedAt: number;
  /** Undefined: does not expire (Page tokens made from a long-lived user token). */
  expiresAt?: number;
  /** Set once the token no longer works, with the reason the network would give. */
  invalidated?: 'app_removed' | 'revoked' | 'rotated';
}

export type TokenCheck =
  | { ok: true; token: IssuedToken }
  | { ok: false; reason: 'unknown' | 'expired' | 'app_removed' | 'revoked' | 'rotated'; token?: IssuedToken };

/**
 * Issued codes and tokens, looked up by their value. Callers change a found code or token in place
 * (a code is marked used); a store kept elsewhere than in memory must write those changes back.
 */
export class CredentialStore {
  private readonly codes = new Map<string, IssuedCode>();
  private readonly tokens = new Map<string, IssuedToken>();
  /** The tokens of each grant, in issue order: a user's Page tokens are looked up here, not among all tokens. */
  private readonly grants = new Map<string, IssuedToken[]>();

  constructor(private readonly now: () => number) {}

  saveCode(code: IssuedCode): void {
    this.codes.set(code.value, code);
  }

  findCode(value: string): IssuedCode | undefined {
    return this.codes.get(value);
  }

  saveToken(token: IssuedToken): IssuedToken {
    const replaced = this.tokens.get(token.value);
    this.tokens.set(token.value, token);
    if (replaced)
      this.grants.set(
        replaced.grantId,
        this.tokensOfGrant(replaced.grantId).filter((kept) => kept !== replaced),
      );
    this.grants.set(token.grantId, [...this.tokensOfGrant(token.grantId), token]);
    return token;
  }

  /** The token with this value, whatever its state. */
  findToken(value: string): IssuedToken | undefined {
    return this.tokens.get(value);
  }

  /** The tokens issued under one grant (one consent), oldest first. */
  tokensOfGrant(grantId: string): readonly IssuedToken[] {
    return this.grants.get(grantId) ?? [];
  }

  /** Whether a presented token works now, and if not, why. */
  check(value: string | undefined): TokenCheck {
    const token = value ? this.tokens.get(value) : undefined;
    if (!token) return { ok: false, reason: 'unknown' };
    if (token.invalidated) return { ok: false, reason: token.invalidated, token };
    if (token.expiresAt !== undefined && token.expiresAt <= this.now()) return { ok: false, reason: 'expired', token };
    return { ok: true, token };
  }

  /** Tokens matching a predicate (e.g. the Page tokens of one user token's grant). */
  findTokens(predicate: (token: IssuedToken) => boolean): IssuedToken[] {
    return [...this.tokens.values()].filter(predicate);
  }

  invalidate(predicate: (token: IssuedToken) => boolean, reason: NonNullable<IssuedToken['invalidated']>): number {
    let count = 0;
    for (const token of this.tokens.values()) {
      if (!token.invalidated && predicate(token)) {
        token.invalidated = reason;
        count += 1;
      }
    }
    return count;
  }

  /** Takes a permission back from matching tokens, as a user does in the network's settings; resolves to how many changed. */
  withdrawScope(predicate: (token: IssuedToken) => boolean, scope: string): number {
    let count = 0;
    for (const token of this.tokens.values()) {
      if (!token.invalidated && predicate(token) && token.scopes.includes(scope)) {
        token.scopes = token.scopes.filter((granted) => granted !== scope);
        count += 1;
      }
    }
    return count;
  }

  /** Invalidates every working token of a grant (X revokes a whole grant); resolves to how many. */
  invalidateGrant(grantId: string, reason: NonNullable<IssuedToken['invalidated']>): number {
    const working = this.tokensOfGrant(grantId).filter((token) => !token.invalidated);
    for (const token of working) token.invalidated = reason;
    return working.length;
  }

  /** Moves issue and expiry times into the past, as if the given time had passed (refresh rules, expiry). */
  age(seconds: number, predicate: (network: string) => boolean): number {
    const shift = seconds * 1000;
    let count = 0;
    for (const token of this.tokens.values()) {
      if (!predicate(token.network)) continue;
      token.issuedAt -= shift;
      if (token.expiresAt !== undefined) token.expiresAt -= shift;
      count += 1;
    }
    for (const code of this.codes.values()) {
      if (!predicate(code.network)) continue;
      code.issuedAt -= shift;
      code.expiresAt -= shift;
    }
    return count;
  }

  clear(): void {
    this.codes.clear();
    this.tokens.clear();
    this.grants.clear();
  }

  /** Plain data for a world kept outside this process (see state-snapshot.ts). */
  toJSON(): { codes: IssuedCode[]; tokens: IssuedToken[] } {
    return { codes: [...this.codes.values()], tokens: [...this.tokens.values()] };
  }

  /** Replaces the contents with a toJSON() result. */
  load(data: { codes: IssuedCode[]; tokens: IssuedToken[] }): void {
    this.clear();
    for (const code of data.codes) this.codes.set(code.value, code);
    for (const token of data.tokens) this.saveToken(token);
  }
}
