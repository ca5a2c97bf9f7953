import { NetworkError } from '../network-error';
import { GraphApi } from '../graph/graph-api';
import { arrayField, isRecord, listField, stringField, urlWithQuery } from '../http/json-fields';
import { parseGraphToken } from '../graph/graph-token';
import { AuthorizeRequest, CodeExchangeRequest, SelectableAccount, UserGrant } from '../network-adapter';

/** Instagram Login (Instagram API with Instagram Login): the protocol steps, one function each. */

export const INSTAGRAM_LOGIN_SCOPES = [
  'instagram_business_basic',
  'instagram_business_content_publish',
  // Media insights (views, reach, shares, saves); without it those metrics are unavailable.
  'instagram_business_manage_insights',
  // A thread's later parts (comments under the medium), reading comments and answering them.
  'instagram_business_manage_comments',
] as const;
export const PROFILE_FIELDS = 'user_id,username,name,account_type,profile_picture_url';

export interface InstagramShortLivedToken {
  accessToken: string;
  userId?: string;
  permissions: string[];
}

export function instagramAuthorizeUrl(authorizeUrl: string, request: AuthorizeRequest): string {
  return urlWithQuery(authorizeUrl, {
    client_id: request.app.clientId,
    redirect_uri: request.callbackUrl,
    response_type: 'code',
    scope: INSTAGRAM_LOGIN_SCOPES.join(','),
    state: request.state,
  });
}

/** Instagram appends `#_` to the code in the callback URL; it is not part of the code. */
export function stripInstagramCodeSuffix(code: string): string {
  return code.replace(/#_$/, '');
}

/**
 * The code exchange answer, in either shape: documented `{"data":[{access_token,user_id,permissions}]}`
 * or observed flat `{access_token,user_id,permissions}`; permissions as an array or a comma string.
 */
export function parseInstagramCodeExchange(api: GraphApi, body: unknown): InstagramShortLivedToken {
  const data = isRecord(body) ? arrayField(body, 'data') : undefined;
  const entry: unknown = data ? data[0] : body;
  const accessToken = isRecord(entry) ? stringField(entry, 'access_token') : undefined;
  if (!isRecord(entry) || !accessToken) throw api.unexpected('no access_token in the code exchange answer');
  const userId = stringField(entry, 'user_id');
  return { accessToken, permissions: listField(entry, 'permissions'), ...(userId ? { userId } : {}) };
}

/** Code → short-lived token (api.instagram.com) → long-lived token (~60 days, refreshable) on the Graph host. */
export async function exchangeInstagramCode(
  tokenApi: GraphApi,
  unversionedGraphApi: GraphApi,
  request: CodeExchangeRequest,
  now: () => Date,
): Promise<UserGrant> {
  const { clientId, clientSecret } = request.app;
  const short = parseInstagramCodeExchange(
    tokenApi,
    await tokenApi.send({
      method: 'POST',
      url: tokenApi.baseUrl,
      form: {
        client_id: clientId,
        client_secret: clientSecret,
        grant_type: 'authorization_code',
        redirect_uri: request.callbackUrl,
        code: stripInstagramCodeSuffix(request.code),
      },
    }),
  );
  const long = parseGraphToken(
    unversionedGraphApi,
    await unversionedGraphApi.get('/access_token', {
      grant_type: 'ig_exchange_token',
      client_secret: clientSecret,
      access_token: short.accessToken,
    }),
    now(),
  );
  return {
    accessToken: long.accessToken,
    expiresAt: long.expiresAt,
    scopes: short.permissions,
    ...(short.userId ? { userId: short.userId } : {}),
  };
}

/**
 * Instagram Login's refresh: `GET /refresh_access_token?grant_type=ig_refresh_token` gives the
 * token 60 more days. Instagram refuses tokens younger than 24 hours; that is not an expiry, so the
 * caller keeps the current token (undefined).
 */
export async function refreshInstagramToken(
  unversionedGraphApi: GraphApi,
  accessToken: string,
  now: () => Date,
): Promise<{ accessToken: string; expiresAt?: Date } | undefined> {
  try {
    const long = parseGraphToken(
      unversionedGraphApi,
      await unversionedGraphApi.get('/refresh_access_token', {
        grant_type: 'ig_refresh_token',
        access_token: accessToken,
      }),
      now(),
    );
    return { accessToken: long.accessToken, expiresAt: long.expiresAt };
  } catch (error) {
    if (error instanceof NetworkError && error.kind === 'permanent') return undefined;
    throw error;
  }
}

/** `BUSINESS` (or no type) is an Instagram business account; other types keep their own name. */
function accountTypeOf(accountType: string | undefined): string {
  const type = accountType?.toLowerCase();
  return !type || type === 'business' ? 'instagram_business' : type;
}

/** The one professional account behind an Instagram Login: `GET /me`, whose `user_id` is the id to publish with. */
export async function instagramLoginAccount(graphApi: GraphApi, grant: UserGrant): Promise<SelectableAccount> {
  const profile = await graphApi.get('/me', { fields: PROFILE_FIELDS, access_token: grant.accessToken });
  const id = isRecord(profile) ? (stringField(profile, 'user_id') ?? grant.userId) : undefined;
  if (!isRecord(profile) || !id) throw graphApi.unexpected('no user_id in /me');
  const username = stringField(profile, 'username') ?? id;
  return {
    id,
    name: stringField(profile, 'name') ?? username,
    username,
    pictureUrl: stringField(profile, 'profile_picture_url') ?? null,
    type: accountTypeOf(stringField(profile, 'account_type')),
    tokens: { accessToken: grant.accessToken, ...(grant.expiresAt ? { expiresAt: grant.expiresAt } : {}) },
    scopes: grant.scopes,
  };
}
