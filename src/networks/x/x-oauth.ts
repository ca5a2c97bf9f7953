import { expiryFrom, isRecord, numberField, recordField, stringField, urlWithQuery } from '../http/json-fields';
import {
  AppCredentials,
  AuthorizeRequest,
  CodeExchangeRequest,
  SelectableAccount,
  UserGrant,
} from '../network-adapter';
import { basicAuthorization, XApi } from './x-api';
import { NetworkError } from '../network-error';

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

/** `GET /2/users/me` → `{"data":{"id","name","username","profile_image_url"}}`: the one profile of a grant. */
export async function xProfileAccount(api: XApi, grant: UserGrant): Promise<SelectableAccount> {
  const body = await api.send({
    method: 'GET',
    url: api.url('/2/users/me'),
    query: { 'user.fields': 'profile_image_url' },
    headers: { Authorization: `Bearer ${grant.accessToken}` },
  });
  const data = isRecord(body) ? recordField(body, 'data') : undefined;
  const id = data ? stringField(data, 'id') : undefined;
  if (!data || !id) throw api.unexpected('no data.id in /2/users/me');
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
  };
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
