import { expiryFrom, isRecord, numberField, stringField, urlWithQuery } from '../http/json-fields';
import { AuthorizeRequest, CodeExchangeRequest, SelectableAccount, UserGrant } from '../network-adapter';
import { NetworkError } from '../network-error';
import { ThreadsApi } from './threads-api';

/**
 * The permissions asked, each for what it serves (contracts/threads/publishing-rules.json `scopes`,
 * from the access-token, posts, reply-management, insights and delete-posts pages).
 */
export const THREADS_SCOPES = [
  // Every call.
  'threads_basic',
  // Containers, threads_publish and the publishing limit.
  'threads_content_publish',
  // Replies listed (GET /{id}/replies, /conversation, /me/replies): comments.
  'threads_read_replies',
  // The reply quota of threads_publishing_limit, read before a thread's replies are published.
  'threads_manage_replies',
  // Post and profile insights: metrics.
  'threads_manage_insights',
  // DELETE /{threads-media-id}: unpublish.
  'threads_delete',
] as const;

const PROFILE_FIELDS = 'id,username,name,threads_profile_picture_url';

/** `threads.net/oauth/authorize`: "All parameters except state are required"; scopes comma-separated (Meta's collection). */
export function threadsAuthorizeUrl(authorizeUrl: string, request: AuthorizeRequest): string {
  return urlWithQuery(authorizeUrl, {
    client_id: request.app.clientId,
    redirect_uri: request.callbackUrl,
    scope: THREADS_SCOPES.join(','),
    response_type: 'code',
    state: request.state,
  });
}

export interface ThreadsToken {
  accessToken: string;
  expiresAt: Date | undefined;
}

function tokenOf(api: ThreadsApi, body: unknown, now: Date): ThreadsToken {
  const accessToken = isRecord(body) ? stringField(body, 'access_token') : undefined;
  if (!isRecord(body) || !accessToken) throw api.unexpected('no access_token in the token answer');
  return { accessToken, expiresAt: expiryFrom(numberField(body, 'expires_in'), now) };
}

/**
 * Code → short-lived token (1 hour) and the user id (`POST /oauth/access_token`), then the
 * long-lived token (60 days) with `th_exchange_token`. Threads' answers do not say which
 * permissions were granted: the ones asked are recorded, and a call the user declined is refused
 * by Threads with a permission error (code 10), classified as such.
 */
export async function exchangeThreadsCode(
  api: ThreadsApi,
  request: CodeExchangeRequest,
  now: () => Date,
): Promise<UserGrant> {
  const { clientId, clientSecret } = request.app;
  const short = await api.send({
    method: 'POST',
    url: api.url('/oauth/access_token'),
    form: {
      client_id: clientId,
      client_secret: clientSecret,
      code: request.code,
      grant_type: 'authorization_code',
      redirect_uri: request.callbackUrl,
    },
  });
  const shortToken = tokenOf(api, short, now());
  const userId = isRecord(short)
    ? (stringField(short, 'user_id') ?? numberField(short, 'user_id')?.toString())
    : undefined;
  const long = tokenOf(
    api,
    await api.send({
      method: 'GET',
      url: api.url('/access_token'),
      query: { grant_type: 'th_exchange_token', client_secret: clientSecret, access_token: shortToken.accessToken },
    }),
    now(),
  );
  return {
    accessToken: long.accessToken,
    ...(long.expiresAt ? { expiresAt: long.expiresAt } : {}),
    scopes: [...THREADS_SCOPES],
    ...(userId ? { userId } : {}),
  };
}

/**
 * `GET /refresh_access_token?grant_type=th_refresh_token`: 60 more days. Threads refuses a token
 * younger than 24 hours (code 100); that is no expiry, so the caller keeps the current token
 * (undefined).
 */
export async function refreshThreadsToken(
  api: ThreadsApi,
  accessToken: string,
  now: () => Date,
): Promise<ThreadsToken | undefined> {
  try {
    return tokenOf(
      api,
      await api.send({
        method: 'GET',
        url: api.url('/refresh_access_token'),
        query: { grant_type: 'th_refresh_token', access_token: accessToken },
      }),
      now(),
    );
  } catch (error) {
    if (error instanceof NetworkError && error.kind === 'permanent' && error.details.code === 100) return undefined;
    throw error;
  }
}

/** The one profile behind a Threads login: `GET /me`. */
export async function threadsProfileAccount(api: ThreadsApi, grant: UserGrant): Promise<SelectableAccount> {
  const profile = await api.read('/me', grant.accessToken, { fields: PROFILE_FIELDS });
  const id = stringField(profile, 'id') ?? grant.userId;
  if (!id) throw api.unexpected('no id in /me');
  const username = stringField(profile, 'username') ?? id;
  return {
    id,
    name: stringField(profile, 'name') || username,
    username,
    pictureUrl: stringField(profile, 'threads_profile_picture_url') ?? null,
    type: 'profile',
    tokens: { accessToken: grant.accessToken, ...(grant.expiresAt ? { expiresAt: grant.expiresAt } : {}) },
    scopes: grant.scopes,
  };
}
