import {
  expiryFrom,
  isRecord,
  JsonRecord,
  numberField,
  recordField,
  stringField,
  urlWithQuery,
} from '../http/json-fields';
import {
  AccountTraits,
  AppCredentials,
  AuthorizeRequest,
  CodeExchangeRequest,
  SelectableAccount,
  UserGrant,
} from '../network-adapter';
import { basicAuthorization, XApi } from './x-api';
import { NetworkError } from '../network-error';
import { xAccountTraits } from './x-subscription';

/** X's OAuth 2.0 Authorization Code flow with PKCE, and the profile behind a grant. */

export const X_SCOPES = ['tweet.read', 'tweet.write', 'users.read', 'media.write', 'offline.access'] as const;

export function xAuthorizeUrl(authorizeUrl: string, request: AuthorizeRequest): string {
  return urlWithQuery(authorizeUrl, {
    response_type: 'code',
    client_id: request.app.clientId,
    redirect_uri: request.callbackUrl,
    scope: X_SCOPES.join(' '),
    state: request.state,
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
  });
}

/** `{"token_type","expires_in","access_token","scope","refresh_token"}`; the refresh token comes with offline.access. */
export function parseXToken(api: XApi, body: unknown, now: Date): UserGrant {
  const accessToken = isRecord(body) ? stringField(body, 'access_token') : undefined;
  if (!isRecord(body) || !accessToken) throw api.unexpected('no access_token in the token answer');
  const refreshToken = stringField(body, 'refresh_token');
  return {
    accessToken,
    ...(refreshToken ? { refreshToken } : {}),
    expiresAt: expiryFrom(numberField(body, 'expires_in'), now),
    scopes: (stringField(body, 'scope') ?? '').split(' ').filter(Boolean),
  };
}

export async function exchangeXCode(api: XApi, request: CodeExchangeRequest): Promise<UserGrant> {
  const body = await api.send({
    method: 'POST',
    url: api.url('/2/oauth2/token'),
    headers: { Authorization: basicAuthorization(request.app) },
    form: {
      code: request.code,
      grant_type: 'authorization_code',
      redirect_uri: request.callbackUrl,
      code_verifier: request.codeVerifier,
    },
  });
  return parseXToken(api, body, new Date());
}

/**
 * The refresh grant: X's refresh tokens are single-use and rotate, so the answer's refresh token
 * replaces the stored one. A refused refresh token means the account must log in again.
 */
export async function refreshXToken(api: XApi, refreshToken: string, app: AppCredentials): Promise<UserGrant> {
  try {
    const body = await api.send({
      method: 'POST',
      url: api.url('/2/oauth2/token'),
      headers: { Authorization: basicAuthorization(app) },
      form: { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: app.clientId },
    });
    return parseXToken(api, body, new Date());
  } catch (error) {
    if (error instanceof NetworkError && error.kind === 'permanent') {
      throw new NetworkError(
        api.network,
        'auth_expired',
        `X refused the refresh token: ${error.message}`,
        error.details,
      );
    }
    throw error;
  }
}

/** `GET /2/users/me` with the user fields asked: the `data` of the one user a token is. */
async function xMe(api: XApi, accessToken: string, userFields: string): Promise<JsonRecord> {
  const body = await api.send({
    method: 'GET',
    url: api.url('/2/users/me'),
    query: { 'user.fields': userFields },
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  const data = isRecord(body) ? recordField(body, 'data') : undefined;
  if (!data || !stringField(data, 'id')) throw api.unexpected('no data.id in /2/users/me');
  return data;
}

/**
 * `GET /2/users/me?user.fields=profile_image_url,subscription_type` →
 * `{"data":{"id","name","username","profile_image_url","subscription_type"}}`: the one profile of
 * a grant, with its subscription (which decides how long its posts may be, x-subscription.ts).
 */
export async function xProfileAccount(api: XApi, grant: UserGrant): Promise<SelectableAccount> {
  const data = await xMe(api, grant.accessToken, 'profile_image_url,subscription_type');
  const id = stringField(data, 'id')!;
  const username = stringField(data, 'username') ?? id;
  return {
    id,
    name: stringField(data, 'name') ?? username,
    username,
    pictureUrl: stringField(data, 'profile_image_url') ?? null,
    type: 'profile',
    tokens: {
      accessToken: grant.accessToken,
      ...(grant.refreshToken ? { refreshToken: grant.refreshToken } : {}),
      ...(grant.expiresAt ? { expiresAt: grant.expiresAt } : {}),
    },
    scopes: grant.scopes,
    traits: xAccountTraits(stringField(data, 'subscription_type')),
  };
}

/** The account's subscription now (`GET /2/users/me?user.fields=subscription_type`), as stored traits. */
export async function readXAccountTraits(api: XApi, accessToken: string): Promise<AccountTraits> {
  const data = await xMe(api, accessToken, 'subscription_type');
  return xAccountTraits(stringField(data, 'subscription_type'));
}

export type XTokenKind = 'access_token' | 'refresh_token';

/** `POST /2/oauth2/revoke` (form `token`, `token_type_hint`, Basic auth). */
export async function revokeXToken(
  api: XApi,
  request: { token: string; hint: XTokenKind; app: AppCredentials },
): Promise<void> {
  await api.send({
    method: 'POST',
    url: api.url('/2/oauth2/revoke'),
    headers: { Authorization: basicAuthorization(request.app) },
    form: { token: request.token, token_type_hint: request.hint },
  });
}
