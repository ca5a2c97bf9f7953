import {
  arrayField,
  expiryFrom,
  isRecord,
  numberField,
  recordField,
  stringField,
  urlWithQuery,
} from '../http/json-fields';
import { AccountTokens, AuthorizeRequest, CodeExchangeRequest, SelectableAccount, UserGrant } from '../network-adapter';
import { YouTubeApi, YouTubeOAuth } from './youtube-api';

/**
 * The scopes asked, each for what it serves (contracts/youtube/api-rules.json `oauth.scopes`); the
 * user may grant them one by one (Google's granular consent), so each feature checks its own.
 */
export const YOUTUBE_SCOPES = [
  // videos.insert and thumbnails.set.
  'https://www.googleapis.com/auth/youtube.upload',
  // channels.list (the channel, its subscribers), videos.list (statistics), the comments read.
  'https://www.googleapis.com/auth/youtube.readonly',
  // comments.insert and videos.delete.
  'https://www.googleapis.com/auth/youtube.force-ssl',
] as const;

/**
 * Google's consent screen: `access_type=offline` for a refresh token, and (unless the deployment
 * says otherwise) `prompt=consent`, without which Google sends the refresh token on a user's first
 * consent to the app only. PKCE (S256) as Google recommends for web apps too.
 */
export function youTubeAuthorizeUrl(authorizeUrl: string, request: AuthorizeRequest, promptConsent: boolean): string {
  return urlWithQuery(authorizeUrl, {
    response_type: 'code',
    client_id: request.app.clientId,
    redirect_uri: request.callbackUrl,
    state: request.state,
    scope: YOUTUBE_SCOPES.join(' '),
    access_type: 'offline',
    include_granted_scopes: 'true',
    ...(promptConsent ? { prompt: 'consent' } : {}),
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
  });
}

/** A token answer: the access token (an hour), a refresh token where Google sent one, the scopes granted (space-separated). */
function tokensOf(oauth: YouTubeOAuth, body: Record<string, unknown>, now: Date): AccountTokens & { scopes: string[] } {
  const accessToken = stringField(body, 'access_token');
  if (!accessToken) throw oauth.unexpected('no access_token in the token answer');
  const refreshToken = stringField(body, 'refresh_token');
  const expiresAt = expiryFrom(numberField(body, 'expires_in'), now);
  return {
    accessToken,
    ...(refreshToken ? { refreshToken } : {}),
    ...(expiresAt ? { expiresAt } : {}),
    scopes: (stringField(body, 'scope') ?? '').split(' ').filter(Boolean),
  };
}

/** Code → tokens: `POST /token` (authorization_code, with the PKCE verifier). */
export async function exchangeYouTubeCode(
  oauth: YouTubeOAuth,
  request: CodeExchangeRequest,
  now: () => Date,
): Promise<UserGrant> {
  const body = await oauth.token({
    grant_type: 'authorization_code',
    code: request.code,
    client_id: request.app.clientId,
    client_secret: request.app.clientSecret,
    redirect_uri: request.callbackUrl,
    code_verifier: request.codeVerifier,
  });
  const tokens = tokensOf(oauth, body, now());
  return {
    accessToken: tokens.accessToken,
    ...(tokens.refreshToken ? { refreshToken: tokens.refreshToken } : {}),
    ...(tokens.expiresAt ? { expiresAt: tokens.expiresAt } : {}),
    scopes: tokens.scopes.length ? tokens.scopes : [...YOUTUBE_SCOPES],
  };
}

/**
 * A new access token from the refresh token. Google answers none in a refresh: the stored one is
 * kept. Without a refresh token there is nothing to call (undefined: the user signs in again).
 * `invalid_grant` (revoked, unused six months, an app in testing after seven days) is auth_expired.
 */
export async function refreshYouTubeToken(
  oauth: YouTubeOAuth,
  tokens: AccountTokens,
  app: { clientId: string; clientSecret: string },
  now: () => Date,
): Promise<AccountTokens | undefined> {
  if (!tokens.refreshToken) return undefined;
  const body = await oauth.token({
    grant_type: 'refresh_token',
    refresh_token: tokens.refreshToken,
    client_id: app.clientId,
    client_secret: app.clientSecret,
  });
  const fresh = tokensOf(oauth, body, now());
  return {
    accessToken: fresh.accessToken,
    refreshToken: fresh.refreshToken ?? tokens.refreshToken,
    ...(fresh.expiresAt ? { expiresAt: fresh.expiresAt } : {}),
    ...(fresh.scopes.length ? { scopes: fresh.scopes } : {}),
  };
}

/** The channel the user signed in with: `channels.list?part=snippet&mine=true` (one channel per Google account or brand account chosen). */
export async function youTubeSelectable(api: YouTubeApi, grant: UserGrant): Promise<SelectableAccount[]> {
  const body = await api.call('GET', 'channels', { part: 'snippet', mine: 'true' });
  const tokens: AccountTokens = {
    accessToken: grant.accessToken,
    ...(grant.refreshToken ? { refreshToken: grant.refreshToken } : {}),
    ...(grant.expiresAt ? { expiresAt: grant.expiresAt } : {}),
  };
  return (arrayField(body, 'items') ?? []).filter(isRecord).flatMap((channel): SelectableAccount[] => {
    const id = stringField(channel, 'id');
    if (!id) return [];
    const snippet = recordField(channel, 'snippet') ?? {};
    const title = stringField(snippet, 'title') ?? id;
    const picture = stringField(recordField(recordField(snippet, 'thumbnails') ?? {}, 'default') ?? {}, 'url');
    return [
      {
        id,
        name: title,
        username: stringField(snippet, 'customUrl') ?? title,
        pictureUrl: picture ?? null,
        type: 'channel',
        tokens,
        scopes: grant.scopes,
      },
    ];
  });
}
