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
): IssuedToken {
  const spec = BLUESKY_TOKENS[kind];
  const lifetime = kind === 'access' ? 'short' : 'long';
  const ttl = kind === 'access' ? BLUESKY_TOKENS.access.ttlSeconds.short : BLUESKY_TOKENS.refresh.ttlSeconds.long;
  const now = state.now();
  const header = base64url({ typ: kind === 'access' ? 'at+jwt' : 'refresh+jwt', alg: 'HS256' });
  const payload = base64url({
    scope: SCOPES[kind],
    sub: profile.did,
    aud: 'did:web:bsky.social',
    iat: Math.floor(now / 1000),
    exp: Math.floor(now / 1000) + ttl,
    ...(kind === 'refresh' ? { jti: randomBase62(16) } : {}),
  });
  return state.credentials.saveToken({
    value: `${header}.${payload}.${randomBase62(32)}${state.credentialSuffix}`,
    network: 'bluesky',
    kind: spec.kind,
    lifetime,
    userId,
    subjectId: profile.did,
    clientId: APP_PASSWORD_CLIENT,
    scopes: ['atproto', 'transition:generic'],
    grantId,
    issuedAt: now,
    expiresAt: now + ttl * 1000,
  });
}

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
