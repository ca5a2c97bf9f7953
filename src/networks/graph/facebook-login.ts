import { AuthorizeRequest, CodeExchangeRequest, UserGrant } from '../network-adapter';
import { GraphApi } from './graph-api';
import { arrayField, isRecord, stringField, urlWithQuery } from '../http/json-fields';
import { parseGraphPages, GraphPage } from './graph-pages';
import { parseGraphToken } from './graph-token';

/**
 * Facebook Login, shared by Facebook Pages and by Instagram accounts reached through their pages:
 * the dialog, the code → short-lived → long-lived user token exchange, /me/accounts and revoke.
 */

export const PAGE_FIELDS = 'id,name,access_token,tasks,picture{url},instagram_business_account{id,username}';
/** A guard against a network that keeps answering with a `next` page. */
const MAX_PAGES = 50;

/**
 * The login dialog. An app using Facebook Login for Business names its configuration with
 * `config_id` instead of listing scopes: the configuration made in the App Dashboard decides the
 * permissions (and the token type) the user is asked for
 * (developers.facebook.com/docs/facebook-login/facebook-login-for-business/).
 */
export function facebookDialogUrl(dialogUrl: string, request: AuthorizeRequest, scopes: readonly string[]): string {
  const { loginConfigId } = request.app;
  return urlWithQuery(dialogUrl, {
    client_id: request.app.clientId,
    redirect_uri: request.callbackUrl,
    state: request.state,
    response_type: 'code',
    ...(loginConfigId ? { config_id: loginConfigId } : { scope: scopes.join(',') }),
  });
}

/**
 * Code → short-lived user token (~1 h) → long-lived user token (~60 days). Facebook has no refresh
 * grant, so the long-lived token's expiry is when the user must log in again. The dialog lets the
 * user decline any permission asked and the token answers do not say which were granted, so the
 * grant carries what `GET /me/permissions` reports granted: of the scopes asked, or, with a
 * Facebook Login for Business configuration (which asks what it was made with), all of them.
 */
export async function exchangeFacebookCode(
  api: GraphApi,
  request: CodeExchangeRequest,
  scopes: readonly string[],
  now: () => Date,
): Promise<UserGrant> {
  const { clientId, clientSecret } = request.app;
  const short = parseGraphToken(
    api,
    await api.get('/oauth/access_token', {
      client_id: clientId,
      redirect_uri: request.callbackUrl,
      client_secret: clientSecret,
      code: request.code,
    }),
    now(),
  );
  const long = parseGraphToken(
    api,
    await api.get('/oauth/access_token', {
      grant_type: 'fb_exchange_token',
      client_id: clientId,
      client_secret: clientSecret,
      fb_exchange_token: short.accessToken,
    }),
    now(),
  );
  const granted = await grantedFacebookPermissions(api, long.accessToken);
  return {
    accessToken: long.accessToken,
    expiresAt: long.expiresAt,
    scopes: request.app.loginConfigId ? [...granted] : scopes.filter((scope) => granted.has(scope)),
  };
}

/**
 * The permissions a user token holds now (`GET /me/permissions`: each asked permission with its
 * status, `granted`, `declined` or `expired`); only the granted ones count.
 */
export async function grantedFacebookPermissions(api: GraphApi, userAccessToken: string): Promise<Set<string>> {
  const body = await api.get('/me/permissions', { access_token: userAccessToken });
  const entries = isRecord(body) ? arrayField(body, 'data') : undefined;
  if (!entries) throw api.unexpected('/me/permissions answered without data');
  const granted = new Set<string>();
  for (const entry of entries) {
    if (!isRecord(entry) || stringField(entry, 'status') !== 'granted') continue;
    const permission = stringField(entry, 'permission');
    if (permission) granted.add(permission);
  }
  return granted;
}

/**
 * The Facebook user behind a user token. Revoking (`DELETE /me/permissions`) removes the app for
 * that whole user, so the service must know which accounts share one before it revokes.
 */
export async function facebookUserId(api: GraphApi, userAccessToken: string): Promise<string> {
  const body = await api.get('/me', { fields: 'id', access_token: userAccessToken });
  const id = isRecord(body) ? stringField(body, 'id') : undefined;
  if (!id) throw api.unexpected('/me answered without an id');
  return id;
}

/**
 * Every page of `/me/accounts`, following `paging.next`. A next link is only followed on the Graph
 * host we were configured with, since it carries the user's token.
 */
export async function listFacebookPages(api: GraphApi, userAccessToken: string): Promise<GraphPage[]> {
  const pages: GraphPage[] = [];
  const origin = new URL(api.baseUrl).origin;
  let body = await api.get('/me/accounts', { fields: PAGE_FIELDS, access_token: userAccessToken });
  for (let fetched = 1; ; fetched++) {
    const batch = parseGraphPages(api, body);
    pages.push(...batch.pages);
    if (!batch.next) return pages;
    const next = new URL(batch.next);
    if (next.origin !== origin) throw api.unexpected(`a paging link to another host (${next.host})`);
    if (fetched >= MAX_PAGES) throw api.unexpected(`more than ${MAX_PAGES} pages of /me/accounts`);
    const query = next.searchParams.has('access_token') ? undefined : { access_token: userAccessToken };
    body = await api.send({ method: 'GET', url: next.toString(), query });
  }
}

/** `DELETE /me/permissions` with the user token: removes the app from the user's account. */
export async function revokeFacebookLogin(api: GraphApi, userAccessToken: string): Promise<void> {
  const body = await api.send({
    method: 'DELETE',
    url: api.url('/me/permissions'),
    query: { access_token: userAccessToken },
  });
  // Documented as `true`; `{"success":true}` is also seen. Anything else did not revoke.
  const revoked = body === true || body === 'true' || (isRecord(body) && body['success'] === true);
  if (!revoked) throw api.unexpected('DELETE /me/permissions did not report success');
}
