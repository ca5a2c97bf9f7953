import { randomBytes } from 'node:crypto';
import { createEmulatorUser } from './connect-account';

/** The emulator's Instagram Login Graph host of an app serving the emulator, as a client calls it. */
export interface InstagramGraph {
  igUserId: string;
  /** Calls `path` (below `/v25.0`) with the account's token, parameters as a form body for a POST. */
  call(method: 'GET' | 'POST', path: string, params?: Record<string, string>): Promise<Response>;
}

/**
 * A fresh emulator test user's Instagram account with a token of its own, taken through Instagram
 * Login's consent and code exchange over HTTP (the app is one the emulator has not seen, held to the
 * secret it first presents), for tests that speak to the emulated Graph as a client would.
 */
export async function instagramGraphFor(baseUrl: string): Promise<InstagramGraph> {
  const user = `ig-graph-${randomBytes(5).toString('hex')}`;
  await createEmulatorUser({ baseUrl }, user);
  const client = { id: `e2e-ig-${randomBytes(4).toString('hex')}`, secret: randomBytes(12).toString('hex') };
  // The emulated apps register the service's callbacks: the code is read from the redirect, not followed.
  const redirectUri = `${baseUrl}/oauth/instagram/callback`;
  const authorize = new URL(`${baseUrl}/emulator/instagram/oauth/authorize`);
  for (const [name, value] of Object.entries({
    client_id: client.id,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'instagram_business_basic,instagram_business_content_publish',
    state: 'e2e',
    emulator_auto: 'approve',
    emulator_user: user,
  }))
    authorize.searchParams.set(name, value);
  const consent = await fetch(authorize, { redirect: 'manual' });
  const code = new URL(consent.headers.get('location') ?? '').searchParams.get('code');
  if (!code) throw new Error(`Instagram's consent gave no code (${consent.status})`);
  const exchange = await fetch(`${baseUrl}/emulator/instagram/api/oauth/access_token`, {
    method: 'POST',
    body: new URLSearchParams({
      client_id: client.id,
      client_secret: client.secret,
      grant_type: 'authorization_code',
      redirect_uri: redirectUri,
      code,
    }),
  });
  const answer = (await exchange.json()) as { data?: Array<{ access_token: string; user_id: string }> };
  const granted = answer.data?.[0];
  if (!granted) throw new Error(`Instagram's code exchange failed: ${JSON.stringify(answer)}`);
  const graph = `${baseUrl}/emulator/instagram/graph/v25.0`;
  return {
    igUserId: String(granted.user_id),
    call: (method, path, params = {}) => {
      const values = new URLSearchParams({ ...params, access_token: granted.access_token });
      return method === 'GET'
        ? fetch(`${graph}${path}?${values.toString()}`)
        : fetch(`${graph}${path}`, { method, body: values });
    },
  };
}
