import { isRecord, stringField } from '../http/json-fields';
import type { AccountTokens, PasswordCredentials, SelectableAccount, UserGrant } from '../network-adapter';
import { NetworkError } from '../network-error';
import { BlueskyXrpc } from './bluesky-xrpc';

/**
 * The scopes an app-password session is worth, in atproto OAuth's words
 * (https://atproto.com/specs/oauth#authorization-scopes): the whole account but its password and DMs.
 */
export const BLUESKY_SESSION_SCOPES: readonly string[] = ['atproto', 'transition:generic'];

/** A handle and an app password (https://bsky.app/settings/app-passwords), as the user typed them. */

interface Session {
  accessJwt: string;
  refreshJwt: string;
  did: string;
  handle: string;
}

function sessionOf(api: BlueskyXrpc, body: unknown): Session {
  const fields = isRecord(body) ? body : {};
  const [accessJwt, refreshJwt, did, handle] = ['accessJwt', 'refreshJwt', 'did', 'handle'].map((name) =>
    stringField(fields, name),
  );
  if (!accessJwt || !refreshJwt || !did || !handle) throw api.unexpected('a session without its tokens, did or handle');
  return { accessJwt, refreshJwt, did, handle };
}

/** When a JWT says it expires (its `exp` claim); undefined when it cannot be read. */
export function jwtExpiry(jwt: string): Date | undefined {
  const payload = jwt.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const exp = isRecord(claims) ? claims.exp : undefined;
    return typeof exp === 'number' ? new Date(exp * 1000) : undefined;
  } catch {
    return undefined;
  }
}

function tokensOf(session: Session): AccountTokens {
  return { accessToken: session.accessJwt, refreshToken: session.refreshJwt, expiresAt: jwtExpiry(session.accessJwt) };
}

/**
 * `com.atproto.server.createSession` with a handle (or email) and an app password. A wrong
 * password is `401 AuthenticationRequired`: permanent here, since the user typed it (not a token
 * that expired).
 */
/** A session from a handle (or DID) and an app password; `headers` name a test world's app to the service's emulator. */
export async function signInToBluesky(
  api: BlueskyXrpc,
  credentials: PasswordCredentials,
  headers: Record<string, string> = {},
): Promise<UserGrant> {
  let body: unknown;
  try {
    body = await api.send({
      method: 'POST',
      url: api.url('/xrpc/com.atproto.server.createSession'),
      json: { identifier: credentials.identifier, password: credentials.password },
      headers,
    });
  } catch (error) {
    if (error instanceof NetworkError && error.kind === 'auth_expired')
      throw new NetworkError(error.network, 'permanent', 'Bluesky refused the handle or app password', error.details);
    throw error;
  }
  const session = sessionOf(api, body);
  return {
    accessToken: session.accessJwt,
    refreshToken: session.refreshJwt,
    expiresAt: jwtExpiry(session.accessJwt),
    scopes: [...BLUESKY_SESSION_SCOPES],
    userId: session.did,
  };
}

/** The one account a session is: the DID its tokens act as, with its profile where the appview has it. */
export async function blueskyAccount(api: BlueskyXrpc, grant: UserGrant): Promise<SelectableAccount> {
  const session = sessionOf(
    api,
    await api.query('com.atproto.server.getSession', {}, grant.accessToken).then((body) => ({
      ...(isRecord(body) ? body : {}),
      accessJwt: grant.accessToken,
      refreshJwt: grant.refreshToken ?? '',
    })),
  );
  const profile = await api
    .query('app.bsky.actor.getProfile', { actor: session.did }, grant.accessToken)
    .catch(() => undefined);
  const fields = isRecord(profile) ? profile : {};
  return {
    id: session.did,
    name: stringField(fields, 'displayName') || session.handle,
    username: session.handle,
    pictureUrl: stringField(fields, 'avatar') ?? null,
    type: 'profile',
    tokens: {
      accessToken: grant.accessToken,
      refreshToken: grant.refreshToken,
      expiresAt: grant.expiresAt,
      ...(grant.tokenBinding === undefined ? {} : { tokenBinding: grant.tokenBinding }),
    },
    scopes: grant.scopes,
  };
}

/**
 * `com.atproto.server.refreshSession` with the refresh token as the bearer: both tokens rotate (the
 * old refresh token stops working), so the new pair replaces the stored one.
 */
export async function refreshBlueskySession(api: BlueskyXrpc, refreshToken: string): Promise<AccountTokens> {
  const body = await api.procedure('com.atproto.server.refreshSession', undefined, refreshToken);
  return tokensOf(sessionOf(api, body));
}

/** `com.atproto.server.deleteSession` with the refresh token: ends the session; one already gone counts as ended. */
export async function endBlueskySession(api: BlueskyXrpc, tokens: AccountTokens): Promise<void> {
  if (!tokens.refreshToken) return;
  try {
    await api.procedure('com.atproto.server.deleteSession', undefined, tokens.refreshToken);
  } catch (error) {
    if (error instanceof NetworkError && error.kind === 'auth_expired') return;
    throw error;
  }
}
