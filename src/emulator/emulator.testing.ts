import { createHash, randomBytes } from 'node:crypto';
import Fastify, { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { emulatorPlugin } from './emulator.plugin';
import { EmulatorState } from './state/emulator-state';
import { builtInEmulatorRegistry } from './emulated-networks';
import { EmulatedNetworkDescriptor, ServingEmulatorState } from './registry/emulated-network';
import { EmulatorRegistry } from './registry/emulator-registry';

/** Helpers for the emulator's unit tests: a bare Fastify with the plugin, and the OAuth dances. */

export const CLIENT = { id: 'test-app', secret: 'test-secret' };
export const REDIRECT_URI = 'https://service.test/oauth/callback?keep=1';

/** `networks`: a registry of other descriptors (a network's folder tested before it is listed in EMULATED_NETWORKS). */
export async function emulatorApp(
  networks?: readonly EmulatedNetworkDescriptor[],
): Promise<{ app: FastifyInstance; state: ServingEmulatorState }> {
  const registry = networks ? new EmulatorRegistry<EmulatedNetworkDescriptor>(networks) : builtInEmulatorRegistry();
  const state = new EmulatorState({ registry });
  const app = Fastify();
  await app.register(emulatorPlugin, { prefix: '/emulator', state });
  await app.ready();
  return { app, state };
}

export function form(values: Record<string, string>): { payload: string; headers: Record<string, string> } {
  return {
    payload: new URLSearchParams(values).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}

export function basicAuth(id = CLIENT.id, secret = CLIENT.secret): string {
  return `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function redirectOf(response: LightMyRequestResponse): URL {
  expect(response.statusCode).toBe(302);
  return new URL(String(response.headers.location));
}

export function query(values: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value !== undefined) params.set(name, value);
  return params.toString();
}

/** Facebook Login up to a long-lived user token. */
export async function facebookUserToken(
  app: FastifyInstance,
  scope = 'pages_show_list,pages_read_engagement,pages_manage_posts,instagram_basic,instagram_content_publish',
  user?: string,
  /** Permissions the user declines in the dialog. */
  decline?: string,
): Promise<string> {
  const authorize = await app.inject({
    url: `/emulator/facebook/v25.0/dialog/oauth?${query({ client_id: CLIENT.id, redirect_uri: REDIRECT_URI, state: 's1', response_type: 'code', scope, emulator_auto: 'approve', emulator_user: user, emulator_decline: decline })}`,
  });
  const code = redirectOf(authorize).searchParams.get('code')!;
  const short = await app.inject({
    url: `/emulator/facebook/graph/v25.0/oauth/access_token?${query({ client_id: CLIENT.id, client_secret: CLIENT.secret, redirect_uri: REDIRECT_URI, code })}`,
  });
  const long = await app.inject({
    url: `/emulator/facebook/graph/v25.0/oauth/access_token?${query({ grant_type: 'fb_exchange_token', client_id: CLIENT.id, client_secret: CLIENT.secret, fb_exchange_token: short.json().access_token })}`,
  });
  return long.json().access_token;
}

/** The Page tokens a long-lived user token lists (first page of /me/accounts is enough for the seeded user's first Page). */
export async function facebookPageToken(app: FastifyInstance, userToken: string, pageId: string): Promise<string> {
  const response = await app.inject({
    url: `/emulator/facebook/graph/v25.0/${pageId}?fields=access_token&access_token=${userToken}`,
  });
  return response.json().access_token;
}

/** Instagram Login up to a short-lived token. */
export async function instagramShortToken(
  app: FastifyInstance,
  scope = 'instagram_business_basic,instagram_business_content_publish',
): Promise<{ token: string; body: Record<string, unknown> }> {
  const authorize = await app.inject({
    url: `/emulator/instagram/oauth/authorize?${query({ client_id: CLIENT.id, redirect_uri: REDIRECT_URI, state: 's2', response_type: 'code', scope, emulator_auto: 'approve' })}`,
  });
  const code = redirectOf(authorize).searchParams.get('code')!;
  const response = await app.inject({
    method: 'POST',
    url: '/emulator/instagram/api/oauth/access_token',
    ...form({
      client_id: CLIENT.id,
      client_secret: CLIENT.secret,
      grant_type: 'authorization_code',
      redirect_uri: REDIRECT_URI,
      code,
    }),
  });
  const body = response.json();
  return { token: body.data ? body.data[0].access_token : body.access_token, body };
}

/** X OAuth 2.0 with PKCE up to the token answer. */
export async function xTokens(
  app: FastifyInstance,
  scope = 'tweet.read tweet.write users.read media.write offline.access',
): Promise<{ access_token: string; refresh_token: string }> {
  const { verifier, challenge } = pkcePair();
  const authorize = await app.inject({
    url: `/emulator/x/i/oauth2/authorize?${query({ response_type: 'code', client_id: CLIENT.id, redirect_uri: REDIRECT_URI, scope, state: 's3', code_challenge: challenge, code_challenge_method: 'S256', emulator_auto: 'approve' })}`,
  });
  const code = redirectOf(authorize).searchParams.get('code')!;
  const response = await app.inject({
    method: 'POST',
    url: '/emulator/x/api/2/oauth2/token',
    headers: { authorization: basicAuth(), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      code,
      grant_type: 'authorization_code',
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    }).toString(),
  });
  return response.json();
}

/** Threads' OAuth up to a long-lived token (code → short-lived → th_exchange_token). */
export async function threadsLongToken(
  app: FastifyInstance,
  scope = 'threads_basic,threads_content_publish,threads_read_replies,threads_manage_replies,threads_manage_insights,threads_delete',
  user?: string,
): Promise<{ token: string; userId: string }> {
  const authorize = await app.inject({
    url: `/emulator/threads/oauth/authorize?${query({ client_id: CLIENT.id, redirect_uri: REDIRECT_URI, state: 's4', response_type: 'code', scope, emulator_auto: 'approve', emulator_user: user })}`,
  });
  const code = redirectOf(authorize).searchParams.get('code')!;
  const short = await app.inject({
    method: 'POST',
    url: '/emulator/threads/graph/oauth/access_token',
    ...form({
      client_id: CLIENT.id,
      client_secret: CLIENT.secret,
      grant_type: 'authorization_code',
      redirect_uri: REDIRECT_URI,
      code,
    }),
  });
  const long = await app.inject({
    url: `/emulator/threads/graph/access_token?${query({ grant_type: 'th_exchange_token', client_secret: CLIENT.secret, access_token: short.json().access_token })}`,
  });
  return { token: long.json().access_token, userId: short.json().user_id };
}

/** LinkedIn's OAuth: the authorize page (all scopes or none), then the code exchange at /oauth/v2/accessToken. */
export async function linkedInTokens(
  app: FastifyInstance,
  scope = 'openid profile w_member_social w_organization_social r_organization_social rw_organization_admin',
  user?: string,
): Promise<{ access_token: string; refresh_token?: string; expires_in: number; scope: string }> {
  const authorize = await app.inject({
    url: `/emulator/linkedin/oauth/v2/authorization?${query({ response_type: 'code', client_id: CLIENT.id, redirect_uri: REDIRECT_URI, state: 's5', scope, emulator_auto: 'approve', emulator_user: user })}`,
  });
  const code = redirectOf(authorize).searchParams.get('code')!;
  const exchanged = await app.inject({
    method: 'POST',
    url: '/emulator/linkedin/oauth/v2/accessToken',
    ...form({
      grant_type: 'authorization_code',
      code,
      client_id: CLIENT.id,
      client_secret: CLIENT.secret,
      redirect_uri: REDIRECT_URI,
    }),
  });
  return exchanged.json();
}

/** Pinterest's OAuth: the consent page (all scopes or none), then the code exchange with HTTP Basic client auth. */
export async function pinterestTokens(
  app: FastifyInstance,
  scope = 'boards:read,boards:write,pins:read,pins:write,user_accounts:read',
  user?: string,
): Promise<{
  access_token: string;
  refresh_token: string;
  expires_in: number;
  refresh_token_expires_in: number;
  refresh_token_expires_at: number;
  scope: string;
  response_type: string;
}> {
  const authorize = await app.inject({
    url: `/emulator/pinterest/oauth/?${query({ response_type: 'code', client_id: CLIENT.id, redirect_uri: REDIRECT_URI, state: 's6', scope, emulator_auto: 'approve', emulator_user: user })}`,
  });
  const code = redirectOf(authorize).searchParams.get('code')!;
  const exchanged = await app.inject({
    method: 'POST',
    url: '/emulator/pinterest/v5/oauth/token',
    headers: { authorization: basicAuth(), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI }).toString(),
  });
  return exchanged.json();
}

/** TikTok's OAuth v2: the authorize page (client_key, comma-separated scopes, PKCE), then /v2/oauth/token/. */
export async function tiktokTokens(
  app: FastifyInstance,
  scope = 'user.info.basic,video.publish,video.upload,video.list',
  user?: string,
): Promise<{
  access_token: string;
  refresh_token: string;
  open_id: string;
  expires_in: number;
  refresh_expires_in: number;
  scope: string;
}> {
  const { verifier, challenge } = pkcePair();
  const authorize = await app.inject({
    url: `/emulator/tiktok/v2/auth/authorize/?${query({ response_type: 'code', client_key: CLIENT.id, redirect_uri: REDIRECT_URI, state: 's6', scope, code_challenge: challenge, code_challenge_method: 'S256', emulator_auto: 'approve', emulator_user: user })}`,
  });
  const code = redirectOf(authorize).searchParams.get('code')!;
  const exchanged = await app.inject({
    method: 'POST',
    url: '/emulator/tiktok/open/v2/oauth/token/',
    ...form({
      grant_type: 'authorization_code',
      code,
      client_key: CLIENT.id,
      client_secret: CLIENT.secret,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    }),
  });
  return exchanged.json();
}

/** Google's OAuth for YouTube: the consent screen (offline access unless told), then the code exchange at /oauth2/token. */
export async function youTubeTokens(
  app: FastifyInstance,
  options: { scope?: string; accessType?: string; prompt?: string; user?: string } = {},
): Promise<{ access_token: string; refresh_token?: string; expires_in: number; scope: string }> {
  const authorize = await app.inject({
    url: `/emulator/youtube/o/oauth2/v2/auth?${query({
      response_type: 'code',
      client_id: CLIENT.id,
      redirect_uri: REDIRECT_URI,
      state: 's6',
      scope:
        options.scope ??
        'https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly https://www.googleapis.com/auth/youtube.force-ssl',
      access_type: options.accessType ?? 'offline',
      prompt: options.prompt,
      emulator_auto: 'approve',
      emulator_user: options.user,
    })}`,
  });
  const code = redirectOf(authorize).searchParams.get('code')!;
  const exchanged = await app.inject({
    method: 'POST',
    url: '/emulator/youtube/oauth2/token',
    ...form({
      grant_type: 'authorization_code',
      code,
      client_id: CLIENT.id,
      client_secret: CLIENT.secret,
      redirect_uri: REDIRECT_URI,
    }),
  });
  return exchanged.json();
}
