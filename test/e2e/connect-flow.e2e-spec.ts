import request from 'supertest';
import { contractLog } from '../../src/emulator/contracts/contract-log';
import { AccountsStore } from '../../src/accounts/accounts.store';
import { TokenVault } from '../../src/accounts/token-vault';
import { RedirectUrlsService } from '../../src/customers/redirect-urls.service';
import { NetworkAppsService } from '../../src/networks/apps/network-apps.service';
import { browse, connectUntilSession, requestAuthUrl, startEmulatedApp } from '../support/connect-flow';
import { TestApp, TestCustomer } from '../support/test-app';
import { TESTED_NETWORK_NAMES, TestedNetwork } from '../support/networks';

const REDIRECT = 'https://app.example.com/connected?from=sps';

/**
 * Per network: what the emulator's default test user ("ada") offers; the kind of account offered
 * without a picture, where the network gives none (a LinkedIn organization: its logo is a media
 * asset, not read); the error a refused consent comes back with (the network's own code).
 */
const OFFERED: Record<
  TestedNetwork,
  { expectedPages: number; type: unknown; withoutPicture?: string; denied?: string }
> = {
  facebook: { expectedPages: 3, type: 'page' },
  instagram: { expectedPages: 1, type: expect.stringMatching(/instagram|business/) },
  x: { expectedPages: 1, type: 'profile' },
  threads: { expectedPages: 1, type: 'profile' },
  bluesky: { expectedPages: 1, type: 'profile' },
  // Ada's member profile and the organization she administers (Ada Bakery).
  linkedin: {
    expectedPages: 2,
    type: expect.stringMatching(/^(member|organization)$/),
    withoutPicture: 'organization',
    // "user_cancelled_authorize: The member refused to authorize the permissions request" (authorization-code-flow).
    denied: 'user_cancelled_authorize',
  },
  // Ada's one account, a business account.
  pinterest: { expectedPages: 1, type: 'business' },
  // Ada's creator account.
  tiktok: { expectedPages: 1, type: 'creator' },
  // Ada's channel; Google's refused consent is error=access_denied.
  youtube: { expectedPages: 1, type: 'channel' },
};
/** Every name the API takes (ids, then aliases such as twitter), with the platform emitted for it. */
const NETWORKS = TESTED_NETWORK_NAMES.map(({ name, id }) => ({
  network: name,
  platform: id,
  withoutPicture: undefined,
  denied: 'access_denied',
  ...OFFERED[id],
}));

describe('Connect flow against the network emulator', () => {
  let t: TestApp & { baseUrl: string };
  let alice: TestCustomer;
  let bob: TestCustomer;

  const api = (customer: TestCustomer) => ({
    pending: (session: string) =>
      request(t.server)
        .get(`/api/v1/social-accounts/pending/${session}`)
        .set('Authorization', `Bearer ${customer.apiKey}`),
    finalize: (session: string, selectedPageIds: unknown) =>
      request(t.server)
        .post(`/api/v1/social-accounts/pending/${session}/finalize`)
        .set('Authorization', `Bearer ${customer.apiKey}`)
        .send({ selectedPageIds }),
    list: (tenantId: string) =>
      request(t.server)
        .get(`/api/v1/social-accounts?tenantId=${tenantId}`)
        .set('Authorization', `Bearer ${customer.apiKey}`),
  });

  beforeAll(async () => {
    t = await startEmulatedApp();
    alice = await t.createCustomer('alice');
    bob = await t.createCustomer('bob');
    await t.app.get(RedirectUrlsService).add(alice.id, 'https://app.example.com/connected');
    await t.app.get(RedirectUrlsService).add(bob.id, 'https://app.example.com/connected');
  });
  afterAll(() => t.close());

  describe.each(NETWORKS)('$network', ({ network, platform, expectedPages, type, withoutPicture, denied }) => {
    const tenantId = `tenant-${network}`;

    it('auth-url → consent → callback → pending → finalize → listed, with account.connected recorded', async () => {
      const { session, finalUrl } = await connectUntilSession(t, alice.apiKey, {
        network,
        tenantId,
        redirectUri: REDIRECT,
      });
      expect(finalUrl.origin + finalUrl.pathname).toBe('https://app.example.com/connected');
      expect(finalUrl.searchParams.get('from')).toBe('sps');
      expect(finalUrl.searchParams.get('network')).toBe(platform);

      const pending = await api(alice).pending(session);
      expect(pending.status).toBe(200);
      expect(pending.body.data).toEqual({
        network: platform,
        tenantId,
        expiresAt: expect.any(String),
        clientState: null,
        availablePages: expect.any(Array),
      });
      const pages = pending.body.data.availablePages as Array<{
        id: string;
        name: string;
        username: string;
        type: string;
      }>;
      expect(pages).toHaveLength(expectedPages);
      for (const page of pages)
        expect(page).toEqual({
          id: expect.any(String),
          name: expect.any(String),
          username: expect.any(String),
          pictureUrl: page.type === withoutPicture ? null : expect.anything(),
          type,
        });
      const minutesLeft = (new Date(pending.body.data.expiresAt).getTime() - Date.now()) / 60_000;
      expect(minutesLeft).toBeGreaterThan(28);
      expect(minutesLeft).toBeLessThanOrEqual(30);

      const finalized = await api(alice).finalize(session, [pages[0]!.id]);
      expect(finalized.status).toBe(200);
      expect(finalized.body.data).toEqual([
        expect.objectContaining({
          platform,
          tenantId,
          status: 'active',
          nickname: pages[0]!.name,
          id: expect.stringMatching(/^acc_/),
        }),
      ]);

      const listed = await api(alice).list(tenantId);
      expect(listed.body.data.map((a: { id: string }) => a.id)).toEqual([finalized.body.data[0].id]);

      const events = await t.db.query<{ type: string; data: Record<string, string> }>(
        'SELECT type, data FROM events WHERE tenant_id = $1',
        [tenantId],
      );
      expect(events).toEqual([
        {
          type: 'account.connected',
          data: {
            connectedAccountId: finalized.body.data[0].id,
            platform,
            username: pages[0]!.username,
            nickname: pages[0]!.name,
            clientState: null,
          },
        },
      ]);
    });

    it('a reconnect of the same network account keeps the account id', async () => {
      const first = await connectUntilSession(t, alice.apiKey, {
        network,
        tenantId: `${tenantId}-re`,
        redirectUri: REDIRECT,
      });
      const pageId = (await api(alice).pending(first.session)).body.data.availablePages[0].id;
      const connected = (await api(alice).finalize(first.session, [pageId])).body.data[0];
      await request(t.server)
        .delete(`/api/v1/social-accounts/${connected.id}`)
        .set('Authorization', `Bearer ${alice.apiKey}`)
        .expect(200);

      const second = await connectUntilSession(t, alice.apiKey, {
        network,
        tenantId: `${tenantId}-re`,
        redirectUri: REDIRECT,
      });
      const reconnected = (await api(alice).finalize(second.session, [pageId])).body.data[0];
      expect(reconnected.id).toBe(connected.id);
      expect(reconnected.status).toBe('active');
    });

    it('a denied consent sends the user back with error and error_description', async () => {
      const authUrl = (await requestAuthUrl(t, alice.apiKey, { network, tenantId, redirectUri: REDIRECT })).body.data
        .auth_url;
      const { finalUrl } = await browse(authUrl, { decision: 'deny' });
      expect(finalUrl.origin + finalUrl.pathname).toBe('https://app.example.com/connected');
      expect(finalUrl.searchParams.get('error')).toBe(denied);
      expect(finalUrl.searchParams.get('error_description')).toBeTruthy();
      expect(finalUrl.searchParams.get('session')).toBeNull();
    });
  });

  describe('state', () => {
    it('a forged state shows an error page and redirects nowhere', async () => {
      const response = await fetch(`${t.baseUrl}/oauth/facebook/callback?code=abc&state=st_forged`, {
        redirect: 'manual',
      });
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(await response.text()).toContain('Connection failed');
      // A page that can never be framed, runs nothing, and leaks no OAuth parameters as a referrer.
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    });

    it("the emulator's consent page and its error page cannot be framed", async () => {
      const authUrl = (
        await requestAuthUrl(t, alice.apiKey, { network: 'x', tenantId: 'tenant-frame', redirectUri: REDIRECT })
      ).body.data.auth_url as string;
      const consent = await fetch(authUrl, { redirect: 'manual' });
      const broken = await fetch(`${t.baseUrl}/emulator/x/i/oauth2/authorize?client_id=nobody`, { redirect: 'manual' });
      for (const page of [consent, broken]) {
        expect(page.headers.get('content-type')).toContain('text/html');
        expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
        expect(page.headers.get('x-frame-options')).toBe('DENY');
        expect(page.headers.get('x-content-type-options')).toBe('nosniff');
      }
      expect(consent.status).toBe(200);
      expect(await consent.text()).toContain('Approve');
      expect(broken.status).toBeGreaterThanOrEqual(400);
      // The broken request is outside X's authorize contract on purpose.
      expect(contractLog.take().map((violation) => violation.message)).toContain(
        'missing required query parameter "code_challenge"',
      );
    });

    it('a reused state is refused the second time', async () => {
      const { callbackUrl } = await connectUntilSession(t, alice.apiKey, {
        network: 'x',
        tenantId: 'reuse',
        redirectUri: REDIRECT,
      });
      const again = await fetch(callbackUrl, { redirect: 'manual' });
      expect(again.status).toBe(400);
      expect(again.headers.get('location')).toBeNull();
    });

    it('an expired state is refused', async () => {
      const authUrl = (
        await requestAuthUrl(t, alice.apiKey, { network: 'facebook', tenantId: 'late', redirectUri: REDIRECT })
      ).body.data.auth_url;
      await t.db.query("UPDATE connect_attempts SET expires_at = now() - interval '1 second' WHERE used_at IS NULL");
      const consent = new URL(authUrl);
      consent.searchParams.set('emulator_auto', 'approve');
      const callbackUrl = (await fetch(consent, { redirect: 'manual' })).headers.get('location')!;
      const response = await fetch(callbackUrl, { redirect: 'manual' });
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
    });

    it('the state given to one network is refused by another network callback', async () => {
      const { callbackUrl } = await (async () => {
        const authUrl = (
          await requestAuthUrl(t, alice.apiKey, { network: 'facebook', tenantId: 'cross', redirectUri: REDIRECT })
        ).body.data.auth_url;
        const consent = new URL(authUrl);
        consent.searchParams.set('emulator_auto', 'approve');
        return { callbackUrl: (await fetch(consent, { redirect: 'manual' })).headers.get('location')! };
      })();
      const crossed = callbackUrl.replace('/oauth/facebook/', '/oauth/x/');
      expect((await fetch(crossed, { redirect: 'manual' })).status).toBe(400);
    });
  });

  describe('failures at the network', () => {
    afterEach(() => fetch(`${t.baseUrl}/emulator/control/faults`, { method: 'DELETE' }));

    it('a network failing during the callback sends the user back with a plain reason, never a dead end', async () => {
      await fetch(`${t.baseUrl}/emulator/control/faults`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ network: 'x', fault: 'server_error' }),
      });
      const authUrl = (
        await requestAuthUrl(t, alice.apiKey, { network: 'x', tenantId: 'flaky', redirectUri: REDIRECT })
      ).body.data.auth_url;
      const { finalUrl } = await browse(authUrl);
      expect(finalUrl.origin + finalUrl.pathname).toBe('https://app.example.com/connected');
      expect(finalUrl.searchParams.get('error')).toBe('network_error');
      expect(finalUrl.searchParams.get('error_description')).toBe('X is not answering right now; please try again');
      expect(finalUrl.searchParams.get('session')).toBeNull();
    });

    it('the emulator, like the networks, redirects only to the registered callbacks', async () => {
      const authUrl = new URL(
        (await requestAuthUrl(t, alice.apiKey, { network: 'facebook', tenantId: 't', redirectUri: REDIRECT })).body.data
          .auth_url,
      );
      authUrl.searchParams.set('redirect_uri', 'https://evil.example/steal');
      authUrl.searchParams.set('emulator_auto', 'approve');
      const response = await fetch(authUrl, { redirect: 'manual' });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.headers.get('location')).toBeNull();
    });
  });

  describe('pending sessions', () => {
    it("another customer's session is a 404, for viewing and finalizing", async () => {
      const { session } = await connectUntilSession(t, alice.apiKey, {
        network: 'x',
        tenantId: 'mine',
        redirectUri: REDIRECT,
      });
      expect((await api(bob).pending(session)).status).toBe(404);
      const attempt = await api(bob).finalize(session, ['anything']);
      expect(attempt.status).toBe(404);
      expect((await api(alice).pending(session)).status).toBe(200);
    });

    it('an expired session is a 404', async () => {
      const { session } = await connectUntilSession(t, alice.apiKey, {
        network: 'x',
        tenantId: 'slow',
        redirectUri: REDIRECT,
      });
      await t.db.query(
        "UPDATE pending_sessions SET expires_at = now() - interval '1 second' WHERE finalized_at IS NULL AND tenant_id = 'slow'",
      );
      expect((await api(alice).pending(session)).status).toBe(404);
      expect((await api(alice).finalize(session, ['x'])).status).toBe(404);
    });

    it('finalizing twice is a 409, and the finalized session keeps no tokens', async () => {
      const { session } = await connectUntilSession(t, alice.apiKey, {
        network: 'x',
        tenantId: 'twice',
        redirectUri: REDIRECT,
      });
      const pageId = (await api(alice).pending(session)).body.data.availablePages[0].id;
      expect((await api(alice).finalize(session, [pageId])).status).toBe(200);
      const again = await api(alice).finalize(session, [pageId]);
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe('session_already_finalized');
      const [row] = await t.db.query<{ pages: unknown[] }>(
        "SELECT pages FROM pending_sessions WHERE tenant_id = 'twice'",
      );
      expect(row!.pages).toEqual([]);
    });

    it('selected ids not in the session are a 400 naming them; an empty or missing list is a 400', async () => {
      const { session } = await connectUntilSession(t, alice.apiKey, {
        network: 'facebook',
        tenantId: 'picky',
        redirectUri: REDIRECT,
      });
      const pageId = (await api(alice).pending(session)).body.data.availablePages[0].id;
      const unknown = await api(alice).finalize(session, [pageId, 'not-mine']);
      expect(unknown.status).toBe(400);
      expect(unknown.body.error.details).toEqual([
        { field: 'selectedPageIds[1]', message: "not-mine is not one of this session's pages" },
      ]);
      for (const bad of [[], undefined, 'x', [1]]) {
        const response = await api(alice).finalize(session, bad);
        expect({ bad, status: response.status, field: response.body.error?.details?.[0]?.field }).toEqual({
          bad,
          status: 400,
          field: 'selectedPageIds',
        });
      }
      // Nothing was connected by the refused attempts, and the session still works.
      expect((await api(alice).list('picky')).body.data).toEqual([]);
      expect((await api(alice).finalize(session, [pageId])).status).toBe(200);
    });

    it('a malformed session token is the same 404', async () => {
      expect((await api(alice).pending('nope')).status).toBe(404);
      expect((await api(alice).pending('ps_%00')).status).toBe(404);
    });
  });

  describe('app credentials', () => {
    it("uses the customer's own app when it set one, for auth-url and the code exchange", async () => {
      // Registered at the (emulated) network with its secret, as in the network's developer console.
      await fetch(`${t.baseUrl}/emulator/control/apps`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ clientId: 'bobs-own-x-app', clientSecret: 'bobs-secret' }),
      });
      await t.app.get(NetworkAppsService).set(bob.id, 'x', { clientId: 'bobs-own-x-app', clientSecret: 'bobs-secret' });
      try {
        const authUrl = new URL(
          (await requestAuthUrl(t, bob.apiKey, { network: 'x', tenantId: 'own-app', redirectUri: REDIRECT })).body.data
            .auth_url,
        );
        expect(authUrl.searchParams.get('client_id')).toBe('bobs-own-x-app');
        // The emulator only issues a code for the client that asked for it: finishing proves the exchange used the same app.
        const { finalUrl } = await browse(authUrl.toString());
        expect(finalUrl.searchParams.get('session')).toBeTruthy();
        const other = new URL(
          (await requestAuthUrl(t, alice.apiKey, { network: 'x', tenantId: 'own-app', redirectUri: REDIRECT })).body
            .data.auth_url,
        );
        expect(other.searchParams.get('client_id')).not.toBe('bobs-own-x-app');

        // With a wrong secret stored, the network refuses the exchange and the user comes back with the reason.
        await t.app
          .get(NetworkAppsService)
          .set(bob.id, 'x', { clientId: 'bobs-own-x-app', clientSecret: 'not-the-secret' });
        const wrong = (
          await requestAuthUrl(t, bob.apiKey, { network: 'x', tenantId: 'own-app', redirectUri: REDIRECT })
        ).body.data.auth_url;
        const refused = (await browse(wrong)).finalUrl;
        expect(refused.searchParams.get('error')).toBe('network_error');
        expect(refused.searchParams.get('session')).toBeNull();
      } finally {
        await t.db.query('DELETE FROM network_apps WHERE customer_id = $1', [bob.id]);
      }
    });
  });

  describe('auth-url', () => {
    it('refuses a redirect_uri that is not allowed', async () => {
      for (const redirectUri of [
        'https://evil.example.com/connected',
        'https://app.example.com/other',
        'http://app.example.com/connected',
        'https://app.example.com:8443/connected',
      ]) {
        const response = await requestAuthUrl(t, alice.apiKey, { network: 'x', tenantId: 't', redirectUri });
        expect({ redirectUri, status: response.status, code: response.body.error?.code }).toEqual({
          redirectUri,
          status: 400,
          code: 'redirect_uri_not_allowed',
        });
      }
    });

    it('answers an unknown network with a 404 listing the supported ones', async () => {
      const response = await requestAuthUrl(t, alice.apiKey, {
        network: 'myspace',
        tenantId: 't',
        redirectUri: REDIRECT,
      });
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('unknown_network');
      expect(response.body.error.message).toContain('facebook, instagram, x');
    });

    it('validates its body', async () => {
      const missing = await request(t.server)
        .post('/api/v1/social-networks/x/auth-url')
        .set('Authorization', `Bearer ${alice.apiKey}`)
        .send({});
      expect(missing.status).toBe(400);
      expect(missing.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual([
        'redirect_uri',
        'tenant_id',
      ]);
    });

    it('uses PKCE S256 for X and a single-use state everywhere', async () => {
      const x = new URL(
        (await requestAuthUrl(t, alice.apiKey, { network: 'x', tenantId: 't', redirectUri: REDIRECT })).body.data
          .auth_url,
      );
      expect(x.searchParams.get('code_challenge_method')).toBe('S256');
      expect(x.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(x.searchParams.get('redirect_uri')).toBe(`${t.baseUrl}/oauth/x/callback`);
      const again = new URL(
        (await requestAuthUrl(t, alice.apiKey, { network: 'x', tenantId: 't', redirectUri: REDIRECT })).body.data
          .auth_url,
      );
      expect(again.searchParams.get('state')).not.toBe(x.searchParams.get('state'));
    });
  });

  it.each(['x', 'facebook'])(
    'stores no %s token in plain text anywhere in the database, before or after finalize',
    async (network) => {
      const tables = [
        'connected_accounts',
        'pending_sessions',
        'connect_attempts',
        'events',
        'network_apps',
        'api_keys',
      ];
      // One table after another: t.db is a single connection (pg refuses overlapping queries on one client from v9).
      const dump = async () => {
        let text = '';
        for (const table of tables) text += JSON.stringify(await t.db.query(`SELECT * FROM ${table}`));
        return text;
      };
      const { session } = await connectUntilSession(t, alice.apiKey, {
        network,
        tenantId: `secrets-${network}`,
        redirectUri: REDIRECT,
      });
      const whilePending = await dump();
      const pageId = (await api(alice).pending(session)).body.data.availablePages[0].id;
      const [account] = (await api(alice).finalize(session, [pageId])).body.data;
      const stored = await t.app.get(AccountsStore).findById(alice.id, account.id);
      const tokens = t.app.get(TokenVault).open(stored!.id, stored!, stored!.tokenExpiresAt)!;
      const secrets = [tokens.accessToken, tokens.refreshToken, tokens.userAccessToken].filter(
        (value): value is string => !!value,
      );
      expect(secrets.length).toBeGreaterThanOrEqual(2);
      const afterwards = await dump();
      for (const secret of secrets) {
        expect(secret.length).toBeGreaterThan(10);
        expect(whilePending).not.toContain(secret);
        expect(afterwards).not.toContain(secret);
      }
      // The pending session did hold them, sealed: the check above looked where they were.
      expect(whilePending).toMatch(/"tokensEncrypted":"v1\./);
    },
  );

  async function newFacebookUser(id: string, pages: string[]): Promise<void> {
    const created = await fetch(`${t.baseUrl}/emulator/control/users`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ id, name: id, pages: pages.map((name) => ({ name })) }),
    });
    expect(created.status).toBe(201);
  }

  const userTokenOf = async (accountId: string) => {
    const stored = await t.app.get(AccountsStore).findById(alice.id, accountId);
    return t.app.get(TokenVault).open(stored!.id, stored!, stored!.tokenExpiresAt)!;
  };

  it("disconnecting one of a Facebook user's Pages keeps the login its other Pages use; the last one revokes it", async () => {
    await newFacebookUser('carol', ['Carol Cakes', 'Carol Cookies']);
    const { session } = await connectUntilSession(t, alice.apiKey, {
      network: 'facebook',
      tenantId: 'siblings',
      redirectUri: REDIRECT,
      emulatorUser: 'carol',
    });
    const pageIds = (await api(alice).pending(session)).body.data.availablePages.map((page: { id: string }) => page.id);
    const [first, second] = (await api(alice).finalize(session, pageIds)).body.data as Array<{ id: string }>;
    const { accessToken: secondPageToken, userAccessToken } = await userTokenOf(second!.id);
    const pageMe = () => fetch(`${t.baseUrl}/emulator/facebook/graph/v25.0/me?access_token=${secondPageToken}`);

    await request(t.server)
      .delete(`/api/v1/social-accounts/${first!.id}`)
      .set('Authorization', `Bearer ${alice.apiKey}`)
      .expect(200);
    expect((await pageMe()).status).toBe(200);

    await request(t.server)
      .delete(`/api/v1/social-accounts/${second!.id}`)
      .set('Authorization', `Bearer ${alice.apiKey}`)
      .expect(200);
    expect((await pageMe()).status).toBe(400);
    expect((await fetch(`${t.baseUrl}/emulator/facebook/graph/v25.0/me?access_token=${userAccessToken}`)).status).toBe(
      400,
    );
  });

  it('a revoke the network refuses still wipes our tokens', async () => {
    await newFacebookUser('dave', ['Dave Donuts']);
    const { session } = await connectUntilSession(t, alice.apiKey, {
      network: 'facebook',
      tenantId: 'revoke-fails',
      redirectUri: REDIRECT,
      emulatorUser: 'dave',
    });
    const pageId = (await api(alice).pending(session)).body.data.availablePages[0].id;
    const [account] = (await api(alice).finalize(session, [pageId])).body.data;
    const stored = await t.app.get(AccountsStore).findById(alice.id, account.id);
    const { userAccessToken } = t.app.get(TokenVault).open(stored!.id, stored!, stored!.tokenExpiresAt)!;
    const fault = await fetch(`${t.baseUrl}/emulator/control/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ network: 'facebook', fault: 'server_error' }),
    });
    expect(fault.status).toBe(201);
    try {
      const response = await request(t.server)
        .delete(`/api/v1/social-accounts/${account.id}`)
        .set('Authorization', `Bearer ${alice.apiKey}`);
      expect(response.status).toBe(200);
      const [row] = await t.db.query(
        'SELECT status, access_token_encrypted, user_token_encrypted FROM connected_accounts WHERE id = $1',
        [account.id],
      );
      expect(row).toEqual({ status: 'disconnected', access_token_encrypted: null, user_token_encrypted: null });
    } finally {
      await fetch(`${t.baseUrl}/emulator/control/faults`, { method: 'DELETE' });
    }
    // The network really refused: the grant is still alive there, while our copy is gone.
    const me = await fetch(`${t.baseUrl}/emulator/facebook/graph/v25.0/me?access_token=${userAccessToken}`);
    expect(me.status).toBe(200);
  });

  it('disconnecting revokes the tokens at the network', async () => {
    const { session } = await connectUntilSession(t, alice.apiKey, {
      network: 'x',
      tenantId: 'revoke',
      redirectUri: REDIRECT,
    });
    const pageId = (await api(alice).pending(session)).body.data.availablePages[0].id;
    const [account] = (await api(alice).finalize(session, [pageId])).body.data;
    const stored = await t.app.get(AccountsStore).findById(alice.id, account.id);
    const { accessToken } = t.app.get(TokenVault).open(stored!.id, stored!, stored!.tokenExpiresAt)!;
    const me = () =>
      fetch(`${t.baseUrl}/emulator/x/api/2/users/me`, { headers: { Authorization: `Bearer ${accessToken}` } });
    expect((await me()).status).toBe(200);

    await request(t.server)
      .delete(`/api/v1/social-accounts/${account.id}`)
      .set('Authorization', `Bearer ${alice.apiKey}`)
      .expect(200);
    expect((await me()).status).toBe(401);
  });
});
