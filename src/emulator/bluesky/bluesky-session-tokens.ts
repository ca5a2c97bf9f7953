import { randomBase62 } from '../../common/ids';
import { IssuedToken } from '../state/credentials';
import { EmulatorState } from '../state/emulator-state';
import { newGrantId } from '../state/token-factory';
import { REFRESH_GRACE_MS, BLUESKY_TOKENS } from './bluesky-tokens';
import { TestBlueskyProfile } from './bluesky-test-user';

/** What the session's JWTs carry, as a PDS's do: `scope` tells an access token from a refresh token. */
const SCOPES = { access: 'com.atproto.access', refresh: 'com.atproto.refresh' } as const;

/** App-password sessions have no OAuth client; their tokens name this one. */
export const APP_PASSWORD_CLIENT = 'app-password';

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/**
 * A token whose value is a JWT a client can read (`exp`, `sub`, `scope`), as a PDS's are; the
 * signature part is random and ends with the world's mark. The emulator checks the stored token,
 * never the JWT, so `POST /control/age` moves the expiry the emulator enforces, not the `exp` shown.
 */
function issueJwt(
  state: EmulatorState,
  kind: 'access' | 'refresh',
  profile: TestBlueskyProfile,
  userId: string,
  grantId: string,
  oauth?: OAuthSessionOptions,
): IssuedToken {
  const spec = BLUESKY_TOKENS[kind];
  const lifetime = kind === 'access' ? 'short' : 'long';
  const ttl = oauth
    ? OAUTH_TTL_SECONDS[kind]
    : kind === 'access'
      ? BLUESKY_TOKENS.access.ttlSeconds.short
      : BLUESKY_TOKENS.refresh.ttlSeconds.long;
  const now = state.now();
  const header = base64url({ typ: kind === 'access' ? 'at+jwt' : 'refresh+jwt', alg: 'HS256' });
  const payload = base64url({
    scope: oauth ? oauth.scopes.join(' ') : SCOPES[kind],
    sub: profile.did,
    aud: 'did:web:bsky.social',
    iat: Math.floor(now / 1000),
    exp: Math.floor(now / 1000) + ttl,
    ...(kind === 'refresh' ? { jti: randomBase62(16) } : {}),
    ...(oauth ? { client_id: oauth.clientId, cnf: { jkt: oauth.jkt } } : {}),
  });
  return state.credentials.saveToken({
    value: `${header}.${payload}.${randomBase62(32)}${state.credentialSuffix}`,
    network: 'bluesky',
    kind: spec.kind,
    lifetime,
    userId,
    subjectId: profile.did,
    clientId: oauth?.clientId ?? APP_PASSWORD_CLIENT,
    scopes: oauth ? [...oauth.scopes] : ['atproto', 'transition:generic'],
    grantId,
    issuedAt: now,
    expiresAt: now + ttl * 1000,
  });
}

/** An atproto OAuth session's tokens: issued to a client, bound to its DPoP key (`cnf.jkt`). */
export interface OAuthSessionOptions {
  clientId: string;
  scopes: readonly string[];
  /** The JWK thumbprint of the DPoP key the tokens are bound to. */
  jkt: string;
}

/**
 * An OAuth session's lifetimes as the reference server gives a confidential client
 * (@atproto/oauth-provider: TOKEN_MAX_AGE 60 minutes; CONFIDENTIAL_CLIENT_REFRESH_LIFETIME 3 months).
 */
export const OAUTH_TTL_SECONDS = { access: 3600, refresh: 91 * 24 * 3600 } as const;

export interface SessionPair {
  access: IssuedToken;
  refresh: IssuedToken;
}

/** A new session (createSession): a fresh grant with an access and a refresh token. */
export function startSession(state: EmulatorState, profile: TestBlueskyProfile, userId: string): SessionPair {
  const grantId = newGrantId();
  return {
    access: issueJwt(state, 'access', profile, userId, grantId),
    refresh: issueJwt(state, 'refresh', profile, userId, grantId),
  };
}

/** A new atproto OAuth session (the code redeemed): a fresh grant, its tokens bound to the client's DPoP key. */
export function startOAuthSession(
  state: EmulatorState,
  profile: TestBlueskyProfile,
  userId: string,
  oauth: OAuthSessionOptions,
): SessionPair {
  const grantId = newGrantId();
  return {
    access: issueJwt(state, 'access', profile, userId, grantId, oauth),
    refresh: issueJwt(state, 'refresh', profile, userId, grantId, oauth),
  };
}

/** An OAuth refresh: the used refresh token stops at once (rotation without grace), a new pair in the same grant. */
export function rotateOAuthSession(
  state: EmulatorState,
  refresh: IssuedToken,
  profile: TestBlueskyProfile,
  oauth: OAuthSessionOptions,
): SessionPair {
  refresh.invalidated = 'rotated';
  return {
    access: issueJwt(state, 'access', profile, refresh.userId, refresh.grantId, oauth),
    refresh: issueJwt(state, 'refresh', profile, refresh.userId, refresh.grantId, oauth),
  };
}

/**
 * refreshSession: a new pair in the same session; the presented refresh token keeps working for
 * the grace period (or until it expires, if sooner), as @atproto/pds's rotateRefreshToken leaves it.
 */
export function rotateSession(state: EmulatorState, refresh: IssuedToken, profile: TestBlueskyProfile): SessionPair {
  const graceEnds = state.now() + REFRESH_GRACE_MS;
  refresh.expiresAt = Math.min(refresh.expiresAt ?? graceEnds, graceEnds);
  return {
    access: issueJwt(state, 'access', profile, refresh.userId, refresh.grantId),
    refresh: issueJwt(state, 'refresh', profile, refresh.userId, refresh.grantId),
  };
}
