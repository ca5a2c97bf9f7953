import { tiktokApiRules } from '../../contracts';
import { expiryFrom, listField, numberField, recordField, stringField, urlWithQuery } from '../http/json-fields';
import { AccountTokens, AuthorizeRequest, CodeExchangeRequest, SelectableAccount, UserGrant } from '../network-adapter';
import { TikTokApi, TikTokOAuth } from './tiktok-api';

const { oauth, scopes } = tiktokApiRules();

/**
 * The scopes asked (contracts/tiktok/api-rules.json `scopes.asked`), each for what it serves:
 * user.info.basic (the creator's open_id, name and avatar), video.publish (creator info, direct
 * posts, their status), video.upload (drafts sent to the inbox) and video.list (the video query:
 * metrics). A creator may grant a part of them; the features a missing one serves say so.
 */
export const TIKTOK_SCOPES: readonly string[] = scopes.asked;

/** The fields of /v2/user/info/ user.info.basic gives, which the pending session shows. */
const USER_FIELDS = ['open_id', 'union_id', 'avatar_url', 'display_name'];

/**
 * `www.tiktok.com/v2/auth/authorize/`: the app as `client_key`, scopes comma-separated, the PKCE
 * challenge (S256; the token page requires the verifier of desktop and mobile apps, and a web app
 * may send it too).
 */
export function tiktokAuthorizeUrl(authorizeUrl: string, request: AuthorizeRequest): string {
  return urlWithQuery(authorizeUrl, {
    client_key: request.app.clientId,
    scope: TIKTOK_SCOPES.join(oauth.authorize.scopeSeparator),
    redirect_uri: request.callbackUrl,
    state: request.state,
    response_type: 'code',
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
  });
}

/** A token answer: the 24-hour access token, the refresh token (which a refresh may replace) and the scopes granted. */
export function tiktokTokens(oauthApi: TikTokOAuth, body: Record<string, unknown>, now: Date): UserGrant {
  const accessToken = stringField(body, 'access_token');
  if (!accessToken) throw oauthApi.unexpected('no access_token in the token answer');
  const refreshToken = stringField(body, 'refresh_token');
  const expiresAt = expiryFrom(numberField(body, 'expires_in'), now);
  const openId = stringField(body, 'open_id');
  return {
    accessToken,
    ...(refreshToken ? { refreshToken } : {}),
    ...(expiresAt ? { expiresAt } : {}),
    // "A comma-separated list (,) of the scopes the user has agreed to authorize."
    scopes: listField(body, 'scope')
      .flatMap((scope) => scope.split(oauth.token.scopeSeparator))
      .filter(Boolean),
    ...(openId ? { userId: openId } : {}),
  };
}

/** Code → tokens: `POST /v2/oauth/token/` with the PKCE verifier. */
export async function exchangeTikTokCode(
  oauthApi: TikTokOAuth,
  request: CodeExchangeRequest,
  now: () => Date,
): Promise<UserGrant> {
  const body = await oauthApi.token({
    client_key: request.app.clientId,
    client_secret: request.app.clientSecret,
    code: request.code,
    grant_type: 'authorization_code',
    redirect_uri: request.callbackUrl,
    code_verifier: request.codeVerifier,
  });
  return tiktokTokens(oauthApi, body, now());
}

/** New tokens from the refresh token: a new 24-hour access token, and the refresh token TikTok answers (kept when it answers none). */
export async function refreshTikTokToken(
  oauthApi: TikTokOAuth,
  tokens: AccountTokens,
  app: { clientId: string; clientSecret: string },
  now: () => Date,
): Promise<AccountTokens | undefined> {
  if (!tokens.refreshToken) return undefined;
  const body = await oauthApi.token({
    client_key: app.clientId,
    client_secret: app.clientSecret,
    grant_type: 'refresh_token',
    refresh_token: tokens.refreshToken,
  });
  const fresh = tiktokTokens(oauthApi, body, now());
  return {
    accessToken: fresh.accessToken,
    refreshToken: fresh.refreshToken ?? tokens.refreshToken,
    ...(fresh.expiresAt ? { expiresAt: fresh.expiresAt } : {}),
    ...(fresh.scopes.length ? { scopes: fresh.scopes } : {}),
  };
}

/**
 * The one account a TikTok login offers: the creator (`GET /v2/user/info/`), by open_id, with the
 * username creator_info gives (user.info.basic has none; the posts' addresses need it) where the
 * creator granted video.publish, else the display name.
 */
export async function tiktokSelectable(api: TikTokApi, grant: UserGrant): Promise<SelectableAccount[]> {
  const data = await api.get('/v2/user/info/', { fields: USER_FIELDS.join(',') });
  const user = recordField(data, 'user') ?? {};
  const openId = stringField(user, 'open_id') ?? grant.userId;
  if (!openId) throw api.unexpected('no open_id in /v2/user/info/');
  const name = stringField(user, 'display_name') || openId;
  const username = grant.scopes.includes('video.publish')
    ? stringField((await api.post('/v2/post/publish/creator_info/query/', {})).data, 'creator_username')
    : undefined;
  return [
    {
      id: openId,
      name,
      username: username ?? name,
      pictureUrl: stringField(user, 'avatar_url') ?? null,
      type: 'creator',
      tokens: {
        accessToken: grant.accessToken,
        ...(grant.refreshToken ? { refreshToken: grant.refreshToken } : {}),
        ...(grant.expiresAt ? { expiresAt: grant.expiresAt } : {}),
      },
      scopes: grant.scopes,
    },
  ];
}
