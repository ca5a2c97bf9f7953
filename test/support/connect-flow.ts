import request from 'supertest';
import { DEFAULT_APP_PASSWORD } from '../../src/emulator/bluesky/bluesky-test-user';
import { freePort } from './free-port';
import { startTestApp, TestApp, TestAppOptions } from './test-app';

/** The app listening on a real port, its PUBLIC_URL pointing at itself, every network on the built-in emulator. */
export async function startEmulatedApp(options: TestAppOptions = {}): Promise<TestApp & { baseUrl: string }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const t = await startTestApp({ ...options, env: { PUBLIC_URL: baseUrl, NETWORK_EMULATOR: 'on', ...options.env } });
  await t.app.listen({ port, host: '127.0.0.1' });
  return { ...t, baseUrl };
}

export interface ConnectOptions {
  network: string;
  tenantId: string;
  redirectUri: string;
  decision?: 'approve' | 'deny';
  emulatorUser?: string;
  /** Permissions the user declines in the network's dialog (Facebook, Instagram). */
  decline?: string[];
}

export interface BrowserTrip {
  /** The URL the network sent the browser to (our callback). */
  callbackUrl: string;
  /** Where our callback sent the browser: the customer's redirect_uri with its parameters. */
  finalUrl: URL;
}

async function follow(url: string): Promise<Response> {
  return fetch(url, { redirect: 'manual' });
}

/** Plays the user's browser: opens auth_url on the emulator (auto-approving or denying), then our callback. */
export async function browse(
  authUrl: string,
  options: Pick<ConnectOptions, 'decision' | 'emulatorUser' | 'decline'> = {},
): Promise<BrowserTrip> {
  if (new URL(authUrl).pathname.endsWith('/sign-in')) return signInOnPage(authUrl, options);
  const consent = new URL(authUrl);
  consent.searchParams.set('emulator_auto', options.decision ?? 'approve');
  if (options.emulatorUser) consent.searchParams.set('emulator_user', options.emulatorUser);
  if (options.decline?.length) consent.searchParams.set('emulator_decline', options.decline.join(','));
  const fromNetwork = await follow(consent.toString());
  if (fromNetwork.status !== 302)
    throw new Error(`The consent page answered ${fromNetwork.status}: ${await fromNetwork.text()}`);
  const callbackUrl = fromNetwork.headers.get('location')!;
  const fromCallback = await follow(callbackUrl);
  if (fromCallback.status !== 302)
    throw new Error(`The callback answered ${fromCallback.status}: ${await fromCallback.text()}`);
  return { callbackUrl, finalUrl: new URL(fromCallback.headers.get('location')!) };
}

/**
 * Plays the user on the service's own sign-in page (a network with app passwords): opens it, then
 * types the emulator test user's handle and app password (or cancels, for `deny`).
 */
async function signInOnPage(
  pageUrl: string,
  options: Pick<ConnectOptions, 'decision' | 'emulatorUser'>,
): Promise<BrowserTrip> {
  const page = await follow(pageUrl);
  if (page.status !== 200) throw new Error(`The sign-in page answered ${page.status}: ${await page.text()}`);
  const state = new URL(pageUrl).searchParams.get('state')!;
  const fields: Record<string, string> =
    options.decision === 'deny'
      ? { state, cancel: '1' }
      : { state, ...(await emulatedSignIn(new URL(pageUrl).origin, options.emulatorUser)) };
  const answer = await fetch(pageUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  if (answer.status !== 302) throw new Error(`The sign-in form answered ${answer.status}: ${await answer.text()}`);
  return { callbackUrl: pageUrl, finalUrl: new URL(answer.headers.get('location')!) };
}

/**
 * The handle and app password of an emulator test user: the first seeded one unless named (the
 * same in every world), else a user of the default world, read from its control API.
 */
export async function emulatedSignIn(
  emulatorUrl: string,
  user?: string,
): Promise<{ identifier: string; password: string }> {
  if (user === undefined) return { identifier: 'ada-bakery.bsky.social', password: DEFAULT_APP_PASSWORD };
  const users = (await (await fetch(`${emulatorUrl}/emulator/control/users`)).json()) as {
    data: Array<{ id: string; bluesky?: { handle: string; appPassword: string } }>;
  };
  const found = users.data.find((candidate) => candidate.id === user);
  if (!found?.bluesky) throw new Error(`The emulator has no Bluesky account for the test user ${user}`);
  return { identifier: found.bluesky.handle, password: found.bluesky.appPassword };
}

export async function requestAuthUrl(t: TestApp, apiKey: string, options: ConnectOptions): Promise<request.Response> {
  return request(t.server)
    .post(`/api/v1/social-networks/${options.network}/auth-url`)
    .set('Authorization', `Bearer ${apiKey}`)
    .send({ tenant_id: options.tenantId, redirect_uri: options.redirectUri });
}

/** auth-url, consent and callback: the session token the customer's app receives. */
export async function connectUntilSession(
  t: TestApp,
  apiKey: string,
  options: ConnectOptions,
): Promise<BrowserTrip & { session: string }> {
  const response = await requestAuthUrl(t, apiKey, options);
  if (response.status !== 200) throw new Error(`auth-url answered ${response.status}: ${response.text}`);
  const trip = await browse(response.body.data.auth_url, options);
  const session = trip.finalUrl.searchParams.get('session');
  if (!session) throw new Error(`No session in ${trip.finalUrl}`);
  return { ...trip, session };
}
