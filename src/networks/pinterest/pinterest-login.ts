import { pinterestApiRules } from '../../contracts';
import { expiryFrom, listField, numberField, stringField, urlWithQuery } from '../http/json-fields';
import {
  AccountTokens,
  AppCredentials,
  AuthorizeRequest,
  CodeExchangeRequest,
  SelectableAccount,
  UserGrant,
} from '../network-adapter';
import { PinterestApi, PinterestOAuth } from './pinterest-api';

const oauth = pinterestApiRules().oauth;

/**
 * The scopes asked, each for what it serves (contracts/pinterest/api-rules.json `oauth.scopes`,
 * each operation's `security` in Pinterest's description). Pinterest's consent page shows them
 * together: all or none.
 */
export const PINTEREST_SCOPES = [
  // The boards a pin may go on (GET /boards, their sections), and every pin call names it too.
  'boards:read',
  // Creating and deleting a pin names it (POST /pins, DELETE /pins/{id}).
  'boards:write',
  // A pin read back, a video's status, pin analytics.
  'pins:read',
  // Creating and deleting pins, registering a video.
  'pins:write',
  // The account itself (GET /user_account): who connected, its follower count.
  'user_accounts:read',
] as const;

/** `www.pinterest.com/oauth/`: scopes comma-separated, no PKCE. */
export function pinterestAuthorizeUrl(authorizeUrl: string, request: AuthorizeRequest): string {
  return urlWithQuery(authorizeUrl, {
    client_id: request.app.clientId,
    redirect_uri: request.callbackUrl,
    response_type: oauth.authorize.responseType,
    scope: PINTEREST_SCOPES.join(oauth.authorize.scopeSeparator),
    state: request.state,
  });
}

/** A token answer: the access token, its continuous refresh token, and the scopes granted. */
function tokensOf(api: PinterestOAuth, body: Record<string, unknown>, now: Date): AccountTokens & { scopes: string[] } {
  const accessToken = stringField(body, 'access_token');
  const refreshToken = stringField(body, 'refresh_token');
  if (!accessToken) throw api.unexpected('no access_token in the token answer');
  const expiresAt = expiryFrom(numberField(body, 'expires_in'), now);
  return {
    accessToken,
    ...(refreshToken ? { refreshToken } : {}),
    ...(expiresAt ? { expiresAt } : {}),
    scopes: listField(body, 'scope')
      .flatMap((scope) => scope.split(' '))
      .filter(Boolean),
  };
}

/**
 * Code → tokens (`POST /oauth/token`, grant_type authorization_code, the app by HTTP Basic).
 * `continuous_refresh=true` asks the continuous refresh token an app made before 2025-09-25 must
 * ask for (the operation's own description); a newer app gets it anyway.
 */
export async function exchangePinterestCode(
  api: PinterestOAuth,
  request: CodeExchangeRequest,
  now: () => Date,
): Promise<UserGrant> {
  const body = await api.token(request.app, {
    grant_type: 'authorization_code',
    code: request.code,
    redirect_uri: request.callbackUrl,
    [oauth.continuousRefresh.param]: 'true',
  });
  const tokens = tokensOf(api, body, now());
  return {
    accessToken: tokens.accessToken,
    ...(tokens.refreshToken ? { refreshToken: tokens.refreshToken } : {}),
    ...(tokens.expiresAt ? { expiresAt: tokens.expiresAt } : {}),
    scopes: tokens.scopes.length ? tokens.scopes : [...PINTEREST_SCOPES],
  };
}

/**
 * A refresh (`grant_type=refresh_token`): a new access token and, the refresh token being
 * continuous, a new refresh token with a new 60-day end, which replaces the old one. A refresh
 * token Pinterest refuses (401) is an expired login: the user connects again.
 */
export async function refreshPinterestToken(
  api: PinterestOAuth,
  tokens: AccountTokens,
  app: AppCredentials,
  now: () => Date,
): Promise<AccountTokens | undefined> {
  if (!tokens.refreshToken) return undefined;
  const body = await api.token(app, {
    grant_type: 'refresh_token',
    refresh_token: tokens.refreshToken,
    [oauth.continuousRefresh.param]: 'true',
  });
  const fresh = tokensOf(api, body, now());
  return {
    accessToken: fresh.accessToken,
    refreshToken: fresh.refreshToken ?? tokens.refreshToken,
    ...(fresh.expiresAt ? { expiresAt: fresh.expiresAt } : {}),
    ...(fresh.scopes.length ? { scopes: fresh.scopes } : {}),
  };
}

/** The one account a Pinterest login is (`GET /user_account`): a business account or a personal one. */
export async function pinterestSelectable(api: PinterestApi, grant: UserGrant): Promise<SelectableAccount[]> {
  const account = await api.read('/user_account');
  const id = stringField(account, 'id');
  const username = stringField(account, 'username');
  if (!id || !username) throw api.unexpected('no id or username in /user_account');
  return [
    {
      id,
      name: stringField(account, 'business_name') || username,
      username,
      pictureUrl: stringField(account, 'profile_image') || null,
      type: (stringField(account, 'account_type') ?? 'BUSINESS').toLowerCase(),
      tokens: {
        accessToken: grant.accessToken,
        ...(grant.refreshToken ? { refreshToken: grant.refreshToken } : {}),
        ...(grant.expiresAt ? { expiresAt: grant.expiresAt } : {}),
      },
      scopes: grant.scopes,
    },
  ];
}
