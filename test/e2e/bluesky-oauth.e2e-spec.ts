import { generateKeyPairSync } from 'node:crypto';
import request from 'supertest';
import { AccountsStore } from '../../src/accounts/accounts.store';
import { TokenRefresher } from '../../src/accounts/token-refresher';
import { TokenVault } from '../../src/accounts/token-vault';
import { DpopKey } from '../../src/networks/bluesky/bluesky-dpop';
import { readBinding } from '../../src/networks/bluesky/bluesky-token-binding';
import type { AccountTokens } from '../../src/networks/network-adapter';
import { browse, startEmulatedApp } from '../support/connect-flow';
import { connectAccount, createEmulatorUser } from '../support/connect-account';
import { createPost, settledPost } from '../support/posts';
import { TestApp, TestCustomer } from '../support/test-app';
import { RedirectUrlsService } from '../../src/customers/redirect-urls.service';
import { connectWorldAccount, control, testWorldOf } from '../support/sandbox-worlds';
import { startMediaServer } from '../support/media-server';

/**
 * Bluesky through atproto OAuth, with the service's client key set: auth-url makes the pushed
 * authorization request, the emulator's consent sends the user to our callback, the code is
 * redeemed with PKCE and a DPoP proof, the account publishes with its DPoP-bound token, refreshes
 * (the refresh token rotates) and is revoked on disconnect. The emulator checks every proof.
 */
const TENANT = 'bsky-oauth';
const REDIRECT = 'https://app.example.com/connected';
const CLIENT_KEY = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  .privateKey.export({ format: 'pem', type: 'pkcs8' })
  .toString();

let t: TestApp & { baseUrl: string };
let customer: TestCustomer;
let media: Awaited<ReturnType<typeof startMediaServer>>;

beforeAll(async () => {
  t = await startEmulatedApp({
    env: { BLUESKY_OAUTH_PRIVATE_KEY: CLIENT_KEY, BLUESKY_OAUTH_CLIENT_NAME: 'Fair Posts', ALLOW_PRIVATE_URLS: 'true' },
  });
  customer = await t.createCustomer();
  media = await startMediaServer();
  await t.app.get(RedirectUrlsService).add(customer.id, REDIRECT);
});

afterAll(async () => {
  await t?.close();
  await media?.close();
});

const storedTokens = async (accountId: string): Promise<AccountTokens> => {
  const stored = await t.app.get(AccountsStore).findById(customer.id, accountId);
  return t.app.get(TokenVault).open(stored!.id, stored!, stored!.tokenExpiresAt)!;
};

/** An XRPC call to the emulated PDS with `authorization` as it is. */
const getSession = (authorization: string) =>
  fetch(`${t.baseUrl}/emulator/bluesky/xrpc/com.atproto.server.getSession`, { headers: { authorization } });

/** A new emulator test user with a Bluesky account. */
async function freshBlueskyUser(): Promise<{ id: string }> {
  const id = `hint-${Math.random().toString(36).slice(2, 8)}`;
  await createEmulatorUser(t, id);
  return { id };
}

/** getSession as the session, with a DPoP proof of its key: once without a nonce (refused with one), then with it. */
async function dpopGetSession(tokens: AccountTokens): Promise<Response> {
  const binding = readBinding(tokens.tokenBinding)!;
  const key = new DpopKey(binding.key);
  const url = `${binding.pds}/xrpc/com.atproto.server.getSession`;
  const call = (nonce?: string) =>
    fetch(url, {
      headers: {
        authorization: `DPoP ${tokens.accessToken}`,
        dpop: key.proof('GET', url, { nonce, accessToken: tokens.accessToken }),
      },
    });
  const first = await call();
  if (first.status !== 401 || !first.headers.get('dpop-nonce')) return first;
  expect(first.headers.get('www-authenticate')).toContain('use_dpop_nonce');
  return call(first.headers.get('dpop-nonce')!);
}

describe('Bluesky atproto OAuth', () => {
  it('serves the client metadata document and its JWKS at the client id, and nothing else', async () => {
    const metadata = await request(t.server).get('/oauth/bluesky/client-metadata.json');
    expect(metadata.status).toBe(200);
    expect(metadata.body).toMatchObject({
      client_id: `${t.baseUrl}/oauth/bluesky/client-metadata.json`,
      client_name: 'Fair Posts',
      redirect_uris: [`${t.baseUrl}/oauth/bluesky/callback`],
      scope: 'atproto transition:generic',
      token_endpoint_auth_method: 'private_key_jwt',
      token_endpoint_auth_signing_alg: 'ES256',
      jwks_uri: `${t.baseUrl}/oauth/bluesky/jwks.json`,
      dpop_bound_access_tokens: true,
      application_type: 'web',
    });
    const jwks = await request(t.server).get('/oauth/bluesky/jwks.json');
    expect(jwks.status).toBe(200);
    const [key] = jwks.body.keys;
    expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', use: 'sig', alg: 'ES256' });
    expect(key).not.toHaveProperty('d');
    expect((await request(t.server).get('/oauth/bluesky/other.json')).status).toBe(404);
    expect((await request(t.server).get('/oauth/x/client-metadata.json')).status).toBe(404);
  });

  it('auth-url pushes the request first: the consent URL carries only client_id and request_uri, the sign-in page is the alternative', async () => {
    const answer = await request(t.server)
      .post('/api/v1/social-networks/bluesky/auth-url')
      .set('Authorization', `Bearer ${customer.apiKey}`)
      .send({ tenant_id: TENANT, redirect_uri: REDIRECT });
    expect(answer.status).toBe(200);
    const consent = new URL(answer.body.data.auth_url);
    expect(`${consent.origin}${consent.pathname}`).toBe(`${t.baseUrl}/emulator/bluesky/oauth/authorize`);
    expect([...consent.searchParams.keys()].sort()).toEqual(['client_id', 'request_uri']);
    expect(consent.searchParams.get('request_uri')).toMatch(/^urn:ietf:params:oauth:request_uri:/);
    expect(answer.body.data.passwordSignInUrl).toMatch(
      new RegExp(`^${t.baseUrl.replace(/[.]/g, '\\.')}/oauth/bluesky/sign-in\\?state=`),
    );
    // Its old name, deprecated, for one more release: the same URL.
    expect(answer.body.data.password_sign_in_url).toBe(answer.body.data.passwordSignInUrl);
    // The browser through the consent and our callback: back at the app with a pending session.
    const trip = await browse(answer.body.data.auth_url);
    expect(new URL(trip.callbackUrl).searchParams.get('iss')).toBe(`${t.baseUrl}/emulator/bluesky`);
    expect(trip.finalUrl.searchParams.get('session')).toBeTruthy();
    expect(trip.finalUrl.searchParams.get('network')).toBe('bluesky');
  });

  it("with loginHint, starts at the account's own authorization server and connects that account only; an unknown handle is 502", async () => {
    const authUrl = (hint: string) =>
      request(t.server)
        .post('/api/v1/social-networks/bluesky/auth-url')
        .set('Authorization', `Bearer ${customer.apiKey}`)
        .send({ tenant_id: TENANT, redirect_uri: REDIRECT, loginHint: hint });
    const answer = await authUrl('ada-bakery.bsky.social');
    expect(answer.status).toBe(200);
    const trip = await browse(answer.body.data.auth_url, { emulatorUser: 'ada' });
    expect(trip.finalUrl.searchParams.get('session')).toBeTruthy();
    // The consent given by another user than the hint named connects nothing.
    const mismatch = await browse((await authUrl('ada-bakery.bsky.social')).body.data.auth_url, {
      emulatorUser: (await freshBlueskyUser()).id,
    });
    expect(mismatch.finalUrl.searchParams.get('error')).toBe('network_error');
    const unknown = await authUrl('nobody.bsky.social');
    expect([unknown.status, unknown.body.error.code]).toEqual([502, 'network_unavailable']);
    expect(unknown.body.error.message).toContain('Unable to resolve handle');
  });

  it('an authorize URL without a pushed request is refused by the emulator, as Bluesky refuses it', async () => {
    const page = await fetch(
      `${t.baseUrl}/emulator/bluesky/oauth/authorize?client_id=${encodeURIComponent(`${t.baseUrl}/oauth/bluesky/client-metadata.json`)}&response_type=code&state=x`,
      { redirect: 'manual' },
    );
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('request_uri');
  });

  it('connects, publishes with the DPoP-bound token, refreshes with rotation and revokes on disconnect', async () => {
    const account = await connectAccount(t, customer, 'bluesky', TENANT, { freshUser: true });
    const tokens = await storedTokens(account.id);
    expect(tokens.tokenBinding).toBeDefined();
    expect(JSON.parse(tokens.tokenBinding!)).toMatchObject({ pds: `${t.baseUrl}/emulator/bluesky` });

    // Bound: as a bearer the token is refused; as DPoP without a proof too.
    expect((await getSession(`Bearer ${tokens.accessToken}`)).status).toBe(401);
    expect((await getSession(`DPoP ${tokens.accessToken}`)).status).toBe(401);

    const created = await createPost(t, customer, {
      tenant_id: TENANT,
      accounts: [account.id],
      containers: [{ content: 'Posted through atproto OAuth' }],
    });
    expect(created.status).toBe(202);
    const post = await settledPost(t, customer, created.body.data.id);
    expect(post.status).toBe('published');
    expect(post.deliveries[0]!.platformPostId).toMatch(/^at:\/\/did:plc:/);

    const stored = await t.app.get(AccountsStore).findById(customer.id, account.id);
    const outcome = await t.app.get(TokenRefresher).refreshIfDue(stored!, new Date(Date.now() + 24 * 3600_000));
    expect(outcome.kind).toBe('refreshed');
    const renewed = await storedTokens(account.id);
    expect(renewed.refreshToken).not.toBe(tokens.refreshToken);
    expect(renewed.accessToken).not.toBe(tokens.accessToken);
    expect(renewed.tokenBinding).toBe(tokens.tokenBinding);
    expect((await dpopGetSession(renewed)).status).toBe(200);

    // The renewed token still publishes.
    const again = await createPost(t, customer, {
      tenant_id: TENANT,
      accounts: [account.id],
      containers: [{ content: 'Posted after a refresh' }],
    });
    expect((await settledPost(t, customer, again.body.data.id)).status).toBe('published');

    const disconnected = await request(t.server)
      .delete(`/api/v1/social-accounts/${account.id}`)
      .set('Authorization', `Bearer ${customer.apiKey}`);
    expect(disconnected.status).toBe(200);
    // Revoked at the authorization server: the token, proof and all, no longer works.
    expect((await dpopGetSession(renewed)).status).toBe(400);
  });

  it("connects and publishes a test key's account the same way, in its test world, a video too", async () => {
    const world = await testWorldOf(t, customer);
    const { id } = await connectWorldAccount(t, world, 'bluesky', TENANT, REDIRECT);
    const created = await createPost(t, world, {
      tenant_id: TENANT,
      accounts: [id],
      containers: [{ content: 'A test world post through atproto OAuth' }],
    });
    expect(created.status).toBe(202);
    expect((await settledPost(t, world, created.body.data.id)).status).toBe('published');
    // The video service's token is asked of the PDS with the session's DPoP proof.
    const settings = await control(t, '/settings', {
      key: world.apiKey,
      method: 'PUT',
      body: { blueskyVideoPolls: 0 },
    });
    expect(settings.status).toBe(200);
    const video = await createPost(t, world, {
      tenant_id: TENANT,
      accounts: [id],
      containers: [{ content: 'A video through atproto OAuth', media: [{ url: media.url('clip.mp4') }] }],
    });
    expect(video.status).toBe(202);
    expect((await settledPost(t, world, video.body.data.id)).status).toBe('published');
  });
});
