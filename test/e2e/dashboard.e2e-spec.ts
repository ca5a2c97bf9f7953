import request from 'supertest';
import { CustomersService } from '../../src/customers/customers.service';
import { DashboardUsersService } from '../../src/dashboard/users/dashboard-users.service';
import { PasswordHasher } from '../../src/dashboard/users/password-hasher';
import { WebhookEndpointsService } from '../../src/webhooks/webhook-endpoints.service';
import { ApiException } from '../../src/common/errors/api-exception';
import { connectAccount } from '../support/connect-account';
import { connectUntilSession, startEmulatedApp } from '../support/connect-flow';
import { cookiesOf, csrfTokenIn, DashboardSessionCookie, postSignIn, signedIn, signInForm } from '../support/dashboard';
import { createPost, settledPost } from '../support/posts';
import { startTestApp, TestApp, TestCustomer } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';

const PASSWORD = 'a long dashboard password';
const REDIRECT = 'http://127.0.0.1:9/connected';
const TENANT = 'tenant-1';

interface RegisteredRoute {
  method: string;
  url: string;
}

/** One customer with everything the dashboard can show or change: a key, an account, a webhook event, a post. */
interface Furnished {
  customer: TestCustomer;
  email: string;
  accountId: string;
  eventId: string;
  postId: string;
}

describe('Dashboard over HTTP', () => {
  let t: TestApp & { baseUrl: string };
  let receiver: WebhookReceiver;
  let a: Furnished;
  let b: Furnished;
  const routes: RegisteredRoute[] = [];

  async function furnish(label: string): Promise<Furnished> {
    const customer = await t.createCustomer(`customer-${label}`);
    const email = `ops-${label}@example.com`;
    await t.app.get(DashboardUsersService).create(customer.id, email, PASSWORD);
    const accountId = (await connectAccount(t, customer, 'x', TENANT, { redirectUri: REDIRECT })).id;
    const auth = { Authorization: `Bearer ${customer.apiKey}` };
    expect(
      (
        await request(t.server)
          .put('/api/v1/webhooks')
          .set(auth)
          .send({ url: receiver.url, webhook_secret: `whsec-${label}-0123456789abcdef` })
      ).status,
    ).toBe(200);
    const test = await request(t.server).post('/api/v1/webhooks/test').set(auth);
    const created = await createPost(t, customer, {
      tenant_id: TENANT,
      accounts: [accountId],
      containers: [{ content: `hello from ${label}` }],
    });
    await settledPost(t, customer, created.body.data.id);
    return { customer, email, accountId, eventId: test.body.data.eventId, postId: created.body.data.id };
  }

  /** Everything a dashboard form could change, as text: compared before and after a refused request. */
  async function snapshot(): Promise<string> {
    const tables = [
      'api_keys',
      'connected_accounts',
      'dashboard_sessions',
      'events',
      'network_apps',
      'posts',
      'redirect_urls',
      'webhook_attempts',
      'webhook_endpoints',
    ];
    const parts: string[] = [];
    for (const table of tables) {
      const rows = await t.db.query<{ row: string }>(`SELECT t::text AS row FROM ${table} t ORDER BY 1`);
      parts.push(`${table}: ${rows.map((row) => row.row).join('\n')}`);
    }
    return parts.join('\n\n');
  }

  beforeAll(async () => {
    t = await startEmulatedApp({
      env: { ALLOW_PRIVATE_URLS: 'true' },
      beforeRoutes: (adapter) =>
        adapter.getInstance().addHook('onRoute', (route) => {
          for (const method of [route.method].flat()) routes.push({ method, url: route.url });
        }),
    });
    receiver = await WebhookReceiver.started();
    a = await furnish('a');
    b = await furnish('b');
  });
  afterAll(async () => {
    await receiver?.down();
    await t?.close();
  });

  const get = (path: string, session: DashboardSessionCookie) =>
    request(t.server).get(path).set('Cookie', session.cookie);
  const post = (path: string, session: DashboardSessionCookie, form: Record<string, string>) =>
    request(t.server).post(path).set('Cookie', session.cookie).type('form').send(form);

  it("answers 404 to customer A's session for each of customer B's keys, accounts, events and posts, and changes nothing", async () => {
    const session = await signedIn(t, a.email, PASSWORD);
    const gets = [
      `/dashboard/api-keys/${b.customer.apiKeyId}/revoke`,
      `/dashboard/accounts/${b.accountId}`,
      `/dashboard/accounts/${b.accountId}/disconnect`,
      `/dashboard/webhook/events/${b.eventId}`,
      `/dashboard/posts/${b.postId}`,
    ];
    const posts = [
      `/dashboard/api-keys/${b.customer.apiKeyId}/revoke`,
      `/dashboard/accounts/${b.accountId}/disconnect`,
      `/dashboard/webhook/events/${b.eventId}/resend`,
    ];
    const before = await snapshot();
    for (const path of gets) expect({ path, status: (await get(path, session)).status }).toEqual({ path, status: 404 });
    for (const path of posts)
      expect({ path, status: (await post(path, session, { _csrf: session.csrf })).status }).toEqual({
        path,
        status: 404,
      });
    expect(await snapshot()).toBe(before);
    // The same requests for A's own things do work (the 404s above are not for a broken route).
    expect((await get(`/dashboard/posts/${a.postId}`, session)).status).toBe(200);
    expect((await get(`/dashboard/webhook/events/${a.eventId}`, session)).status).toBe(200);
  });

  it('shows on the post page the options and own text each delivery was accepted with, in its preview', async () => {
    const session = await signedIn(t, a.email, PASSWORD);
    const created = await createPost(t, a.customer, {
      tenant_id: TENANT,
      accounts: [a.accountId],
      containers: [{ content: 'Only people we follow may answer' }],
      options: { x: { replySettings: 'following', containers: [{ content: 'Followers only, please' }] } },
    });
    expect(created.status).toBe(202);
    const page = await get(`/dashboard/posts/${created.body.data.id}`, session);
    expect(page.status).toBe(200);
    // The delivery's preview shows the text it publishes (its own, options.x.containers) and its options.
    const preview = page.text.slice(page.text.indexOf('<h2 id="previews-heading">'));
    expect(preview).toContain('Text (its own)</p>\n<p class="preview-text">Followers only, please</p>');
    expect(preview).not.toContain('Only people we follow may answer');
    expect(page.text).toMatch(
      /<code>\{(&quot;|&#34;|")replySettings(&quot;|&#34;|"):(&quot;|&#34;|")following(&quot;|&#34;|")\}<\/code>/,
    );
  });

  it("makes test keys in the customer's own test world, shows each key's mode, and keeps them out of another customer's reach", async () => {
    const session = await signedIn(t, a.email, PASSWORD);
    const created = await post('/dashboard/api-keys', session, { _csrf: session.csrf, name: 'sandbox', mode: 'test' });
    expect(created.status).toBe(201);
    const key = /<code id="new-api-key">([^<]+)<\/code>/.exec(created.text)![1]!;
    expect(key).toMatch(/^sps_test_[0-9A-Za-z]{40,44}$/);
    expect(created.text).toContain('Your new test API key');
    // The test key acts in A's test world: A's live account is not there.
    const accounts = await request(t.server)
      .get(`/api/v1/social-accounts?tenantId=${TENANT}`)
      .set('Authorization', `Bearer ${key}`);
    expect(accounts.body).toEqual({ success: true, data: [], pagination: { nextCursor: null } });

    const listed = (await get('/dashboard/api-keys', session)).text;
    expect(listed).toContain(
      `<td><span class="badge mode-test">Test</span></td><td><code>${key.slice(0, 15)}…</code></td><td>sandbox</td>`,
    );
    expect(listed).toContain(
      `<td><span class="badge mode-live">Live</span></td><td><code>${a.customer.apiKey.slice(0, 10)}…</code></td>`,
    );
    expect(listed).not.toContain(key);

    const [testKey] = await t.db.query<{ id: string }>(
      'SELECT k.id FROM api_keys k JOIN customers c ON c.id = k.customer_id WHERE c.live_customer_id = $1',
      [a.customer.id],
    );
    const other = await signedIn(t, b.email, PASSWORD);
    expect((await get(`/dashboard/api-keys/${testKey!.id}/revoke`, other)).status).toBe(404);
    expect((await post(`/dashboard/api-keys/${testKey!.id}/revoke`, other, { _csrf: other.csrf })).status).toBe(404);
    expect((await get('/dashboard/api-keys', other)).text).not.toContain(key.slice(0, 15));
    expect(
      (await request(t.server).get(`/api/v1/social-accounts?tenantId=t`).set('Authorization', `Bearer ${key}`)).status,
    ).toBe(200);

    expect((await get(`/dashboard/api-keys/${testKey!.id}/revoke`, session)).text).toContain('Revoke the test key');
    expect((await post(`/dashboard/api-keys/${testKey!.id}/revoke`, session, { _csrf: session.csrf })).status).toBe(
      303,
    );
    expect(
      (await request(t.server).get(`/api/v1/social-accounts?tenantId=t`).set('Authorization', `Bearer ${key}`)).status,
    ).toBe(401);
    expect((await post('/dashboard/api-keys', session, { _csrf: session.csrf, mode: 'sandbox' })).status).toBe(400);
  });

  it('shows the test world behind the Live / Test switch, labelled as test data, while keys, redirect URLs and other sessions stay as they were', async () => {
    const session = await signedIn(t, a.email, PASSWORD);
    const created = await post('/dashboard/api-keys', session, { _csrf: session.csrf, name: 'switch', mode: 'test' });
    const key = /<code id="new-api-key">([^<]+)<\/code>/.exec(created.text)![1]!;
    // The test world: an X profile connected with the test key (through the live customer's redirect URL), and a webhook of its own.
    const auth = { Authorization: `Bearer ${key}` };
    const { session: pendingSession } = await connectUntilSession(t, key, {
      network: 'x',
      tenantId: TENANT,
      redirectUri: REDIRECT,
    });
    const pending = await request(t.server).get(`/api/v1/social-accounts/pending/${pendingSession}`).set(auth);
    const finalized = await request(t.server)
      .post(`/api/v1/social-accounts/pending/${pendingSession}/finalize`)
      .set(auth)
      .send({ selectedPageIds: [pending.body.data.availablePages[0].id] });
    const testAccountId = finalized.body.data[0].id as string;
    expect(
      (
        await request(t.server)
          .put('/api/v1/webhooks')
          .set(auth)
          .send({ url: 'http://127.0.0.1:9/test-world-hook', webhook_secret: 'whsec-test-world-0123456789' })
      ).status,
    ).toBe(200);

    const live = (await get('/dashboard/accounts', session)).text;
    expect(live).toContain(a.accountId);
    expect(live).not.toContain(testAccountId);
    expect(live).not.toContain('Test data.');
    expect(live).toContain('value="live" class="live" aria-pressed="true"');

    const switched = await post('/dashboard/viewing', session, {
      _csrf: session.csrf,
      viewing: 'test',
      back: '/dashboard/accounts',
    });
    expect(switched.status).toBe(303);
    expect(switched.headers.location).toBe('/dashboard/accounts');
    const test = (await get('/dashboard/accounts', session)).text;
    expect(test).toContain(testAccountId);
    expect(test).not.toContain(a.accountId);
    expect(test).toContain('Test data.');
    expect(test).toContain('value="test" class="test" aria-pressed="true"');
    expect((await get(`/dashboard/accounts/${a.accountId}`, session)).status).toBe(404);
    expect((await get(`/dashboard/accounts/${testAccountId}`, session)).status).toBe(200);
    expect((await get('/dashboard/webhook', session)).text).toContain('http://127.0.0.1:9/test-world-hook');
    // Keys and redirect URLs belong to the customer, whichever world is shown.
    expect((await get('/dashboard/oauth', session)).text).toContain(REDIRECT);
    expect((await get('/dashboard/api-keys', session)).text).toContain(`${a.customer.apiKey.slice(0, 10)}…`);
    // Another session of the same user is its own: it opens on the world of the key used last (the
    // test key, just now), and switching it leaves this one as it is. Another customer's sees neither.
    const otherTab = await signedIn(t, a.email, PASSWORD);
    expect((await get('/dashboard/accounts', otherTab)).text).toContain(testAccountId);
    await post('/dashboard/viewing', otherTab, { _csrf: otherTab.csrf, viewing: 'live', back: '/dashboard/accounts' });
    expect((await get('/dashboard/accounts', otherTab)).text).toContain(a.accountId);
    expect((await get('/dashboard/accounts', session)).text).toContain(testAccountId);
    expect((await get('/dashboard/accounts', await signedIn(t, b.email, PASSWORD))).text).not.toContain(testAccountId);

    // The switch goes back only to a section of the dashboard.
    expect(
      (
        await post('/dashboard/viewing', session, {
          _csrf: session.csrf,
          viewing: 'live',
          back: 'https://elsewhere.example/',
        })
      ).headers.location,
    ).toBe('/');
    expect((await get('/dashboard/accounts', session)).text).toContain(a.accountId);
    expect((await post('/dashboard/viewing', session, { _csrf: session.csrf, viewing: 'sandbox' })).status).toBe(400);
  });

  it("refuses every dashboard form post without its CSRF token, or with another session's, and changes nothing", async () => {
    const session = await signedIn(t, a.email, PASSWORD);
    const other = await signedIn(t, b.email, PASSWORD);
    const forms: Record<string, { path: string; fields: Record<string, string> }> = {
      'POST /dashboard/api-keys': { path: '/dashboard/api-keys', fields: { name: 'forged' } },
      'POST /dashboard/api-keys/:id/revoke': { path: `/dashboard/api-keys/${a.customer.apiKeyId}/revoke`, fields: {} },
      'POST /dashboard/oauth/redirect-urls': {
        path: '/dashboard/oauth/redirect-urls',
        fields: { url: 'https://forged.example/cb' },
      },
      'POST /dashboard/oauth/redirect-urls/remove': {
        path: '/dashboard/oauth/redirect-urls/remove',
        fields: { url: REDIRECT },
      },
      'POST /dashboard/oauth/apps/:network': {
        path: '/dashboard/oauth/apps/facebook',
        fields: { client_id: 'forged', client_secret: 'forged-secret' },
      },
      'POST /dashboard/webhook': {
        path: '/dashboard/webhook',
        fields: { url: 'https://forged.example/hook', webhook_secret: 'forged-secret-0123456789' },
      },
      'POST /dashboard/webhook/test': { path: '/dashboard/webhook/test', fields: {} },
      'POST /dashboard/webhook/secret/rotate': { path: '/dashboard/webhook/secret/rotate', fields: {} },
      'POST /dashboard/webhook/events/:id/resend': {
        path: `/dashboard/webhook/events/${a.eventId}/resend`,
        fields: {},
      },
      'POST /dashboard/accounts/:id/disconnect': { path: `/dashboard/accounts/${a.accountId}/disconnect`, fields: {} },
      'POST /dashboard/sign-out': { path: '/dashboard/sign-out', fields: {} },
      // A post to a page that takes none: refused for its missing token before it is found missing.
      'POST /dashboard/*': { path: '/dashboard/nope', fields: {} },
      'POST /dashboard/viewing': {
        path: '/dashboard/viewing',
        fields: { viewing: 'test', back: '/dashboard/accounts' },
      },
    };
    // Every form the dashboard has is in the table (sign-in, before any session, is tested below).
    const registered = routes
      .filter(
        (route) =>
          route.method === 'POST' &&
          (route.url === '/' || route.url.startsWith('/dashboard')) &&
          route.url !== '/dashboard/sign-in',
      )
      .map((route) => `POST ${route.url}`);
    expect(registered.sort()).toEqual(Object.keys(forms).sort());

    const receiptsBefore = receiver.receipts.length;
    const before = await snapshot();
    for (const [route, { path, fields }] of Object.entries(forms)) {
      for (const [label, token] of [
        ['no token', undefined],
        ["another session's token", other.csrf],
      ] as const) {
        const answer = await post(path, session, token === undefined ? fields : { ...fields, _csrf: token });
        expect({ route, label, status: answer.status }).toEqual({ route, label, status: 403 });
      }
    }
    expect(await snapshot()).toBe(before);
    expect(receiver.receipts.length).toBe(receiptsBefore);
    expect((await get('/', session)).status).toBe(200);
  });

  it("refuses a sign-in without the form's token, or with a token its cookie does not match", async () => {
    const form = await signInForm(t);
    const otherForm = await signInForm(t);
    const send = (cookie: string, fields: Record<string, string>) =>
      request(t.server).post('/dashboard/sign-in').set('Cookie', cookie).type('form').send(fields);
    expect((await send(form.cookie, { email: a.email, password: PASSWORD })).status).toBe(403);
    expect((await send(form.cookie, { _csrf: otherForm.token, email: a.email, password: PASSWORD })).status).toBe(403);
    expect((await send('', { _csrf: form.token, email: a.email, password: PASSWORD })).status).toBe(403);
  });

  it('sends its security headers on a page and on an error page', async () => {
    const session = await signedIn(t, a.email, PASSWORD);
    for (const [path, status] of [
      ['/dashboard/api-keys', 200],
      ['/dashboard/posts/pst_unknown', 404],
    ] as const) {
      const answer = await get(path, session);
      expect(answer.status).toBe(status);
      expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
      expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['cache-control']).toBe('no-store');
    }
  });

  it("shows only a page's own notices: ?done= never reads the object prototype", async () => {
    const session = await signedIn(t, a.email, PASSWORD);
    // The event is live data; A used a test key last, so a new session opens on test data.
    await post('/dashboard/viewing', session, { _csrf: session.csrf, viewing: 'live', back: '/' });
    for (const path of [
      '/dashboard/api-keys',
      '/dashboard/oauth',
      '/dashboard/webhook',
      `/dashboard/webhook/events/${a.eventId}`,
    ]) {
      for (const done of ['constructor', '__proto__', 'toString']) {
        const answer = await get(`${path}?done=${done}`, session);
        expect({ path, done, status: answer.status }).toEqual({ path, done, status: 200 });
        expect(answer.text).not.toContain('native code');
        expect(answer.text).not.toContain('class="notice"');
      }
    }
    expect((await get('/dashboard/api-keys?done=revoked', session)).text).toContain('The key is revoked.');
  });

  it('holds every way of setting a webhook secret to 24-256 characters', async () => {
    const endpoints = t.app.get(WebhookEndpointsService);
    for (const secret of ['short', 'x'.repeat(23), 'x'.repeat(257)]) {
      await expect(endpoints.put(a.customer.id, receiver.url, secret)).rejects.toBeInstanceOf(ApiException);
    }
    await expect(endpoints.put(a.customer.id, receiver.url, 'x'.repeat(24))).resolves.toMatchObject({
      endpoint: { secretLast4: 'xxxx' },
    });
    const session = await signedIn(t, a.email, PASSWORD);
    const answer = await post('/dashboard/webhook', session, {
      _csrf: session.csrf,
      url: receiver.url,
      webhook_secret: 'short',
    });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('webhook_secret must be 24-256 characters');
  });

  it("gives the session cookie the session's whole lifetime as Max-Age, on the database's clock", async () => {
    const answer = await postSignIn(t, a.email, PASSWORD);
    expect(answer.status).toBe(303);
    const line = cookiesOf(answer).lines.find((candidate) => candidate.startsWith('sps_dashboard_session='))!;
    expect(line).toContain(`Max-Age=${t.config.dashboard.sessionTtlMs / 1000};`);
  });

  it('mints a fresh sign-in token over plain http rather than adopt a cookie someone planted', async () => {
    const planted = 'p'.repeat(43);
    const page = await request(t.server).get('/dashboard/sign-in').set('Cookie', `sps_dashboard_signin=${planted}`);
    expect(csrfTokenIn(page.text)).not.toBe(planted);
    expect(cookiesOf(page).header).toMatch(/^sps_dashboard_signin=[A-Za-z0-9_-]{43}$/);
    expect(cookiesOf(page).header).not.toContain(planted);
  });
});

describe('Dashboard behind https', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { PUBLIC_URL: 'https://dashboard.example' } });
  });
  afterAll(() => t?.close());

  it('has its decoy hash ready at start: an unknown email costs no extra hash on the first sign-in', async () => {
    const hashes = jest.spyOn(t.app.get(PasswordHasher, { strict: false }), 'hash');
    const verifies = jest.spyOn(t.app.get(PasswordHasher, { strict: false }), 'verify');
    expect((await postSignIn(t, 'nobody@example.com', PASSWORD)).status).toBe(401);
    expect(hashes).not.toHaveBeenCalled();
    expect(verifies).toHaveBeenCalledTimes(1);
  });

  it('names its cookies __Host-, Secure, and reuses only a __Host- sign-in token', async () => {
    const first = await request(t.server).get('/dashboard/sign-in');
    const [line] = cookiesOf(first).lines;
    expect(line).toMatch(/^__Host-sps_dashboard_signin=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    const token = csrfTokenIn(first.text);

    // A __Host- cookie can only have come from this host over https: reused, so two tabs both work.
    const again = await request(t.server).get('/dashboard/sign-in').set('Cookie', cookiesOf(first).header);
    expect(csrfTokenIn(again.text)).toBe(token);
    expect(cookiesOf(again).lines).toEqual([]);
    // The unprefixed name is not ours here: never adopted.
    const planted = await request(t.server)
      .get('/dashboard/sign-in')
      .set('Cookie', `sps_dashboard_signin=${'p'.repeat(43)}`);
    expect(csrfTokenIn(planted.text)).not.toBe('p'.repeat(43));

    const customer = await t.app.get(CustomersService).create('https-customer');
    await t.app.get(DashboardUsersService).create(customer.id, 'ops@example.com', PASSWORD);
    const signIn = await request(t.server)
      .post('/dashboard/sign-in')
      .set('Cookie', cookiesOf(first).header)
      .type('form')
      .send({ _csrf: token, email: 'ops@example.com', password: PASSWORD });
    expect(signIn.status).toBe(303);
    const session = cookiesOf(signIn).lines.find((candidate) => candidate.startsWith('__Host-sps_dashboard_session='))!;
    expect(session).toMatch(/; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(session).not.toMatch(/Domain=/i);
    expect((await request(t.server).get('/').set('Cookie', cookiesOf(signIn).header)).status).toBe(200);
  });
});
