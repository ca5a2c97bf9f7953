import { readFileSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import { networkInterfaces } from 'node:os';
import { AddressInfo } from 'node:net';
import request from 'supertest';
import { AccountsStore } from '../../src/accounts/accounts.store';
import { TokenVault } from '../../src/accounts/token-vault';
import { ApiKeysService } from '../../src/auth/api-keys.service';
import { isForbiddenAddress } from '../../src/common/url-safety';
import { RedirectUrlsService } from '../../src/customers/redirect-urls.service';
import { DashboardUsersService } from '../../src/dashboard/users/dashboard-users.service';
import { PasswordHasher } from '../../src/dashboard/users/password-hasher';
import { NetworkAppsService } from '../../src/networks/apps/network-apps.service';
import { browse, connectUntilSession, requestAuthUrl, startEmulatedApp } from '../support/connect-flow';
import { capturingLogger } from '../support/log-capture';
import { fillPath, loadApiDocument, Operation, operationName } from '../support/openapi-operations';
import { createPost, settledPost } from '../support/posts';
import { postSignIn, signInForm } from '../support/dashboard';
import { startTestApp, TestApp, TestCustomer } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';
import { lanesIdle } from '../support/until';

/**
 * The security checks of issue 7 as tests. What other files already prove is not repeated here:
 * - auth.e2e-spec: every route the router knows (not only the documented ones) answers 401 to no key, malformed, unknown and revoked keys; keys stored only hashed;
 * - hostile-http.e2e-spec: the API key, wherever a client puts it, and OAuth codes in query strings never reach the logs;
 * - connect-flow.e2e-spec: forged, reused, expired and cross-network states; another customer's, expired and finalized pending sessions; redirect_uri that differ in host, path, scheme or port; no token in plain text in the connect tables;
 * - webhooks.e2e-spec / post-validation.e2e-spec: webhook and media URLs on literal private, loopback and link-local addresses and localhost are refused; webhook redirects are not followed;
 * - accounts.e2e-spec, posts.e2e-spec, dashboard.e2e-spec: another customer's account, post, and dashboard objects are 404s.
 */

const REDIRECT = 'https://app.example.com/connected';
const TENANT = 'sec-tenant';
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

/** The path parameters that name a customer's own resource (as opposed to `network`, which names a network). */
const RESOURCE_PARAMS = ['id', 'session', 'eventId', 'deliveryId'];

/** Names /etc/hosts maps to a loopback address, localhost among them, as a name a customer might try. */
function loopbackHostNames(): string[] {
  const names = new Set(['localhost']);
  for (const line of readFileSync('/etc/hosts', 'utf8').split('\n')) {
    const [address, ...aliases] = line.replace(/#.*/, '').trim().split(/\s+/);
    if (address && (address.startsWith('127.') || address === '::1'))
      for (const alias of aliases) if (alias && !alias.includes(':')) names.add(alias);
  }
  return [...names];
}

describe('Security checks', () => {
  let t: TestApp & { baseUrl: string };
  const logs = capturingLogger();
  let alice: TestCustomer;
  let bob: TestCustomer;
  let receiver: WebhookReceiver;
  /** Bob's own webhook receiver: he needs an endpoint for resend to look at the event id at all. */
  let bobReceiver: WebhookReceiver;
  /** Alice's real resources, by the path parameter that names them. */
  const owned: Record<string, string> = {};
  let revokedKey: string;

  const api = (key: string) => ({
    get: (path: string) => request(t.server).get(path).set(bearer(key)),
    post: (path: string, body?: object) => request(t.server).post(path).set(bearer(key)).send(body),
    put: (path: string, body: object) => request(t.server).put(path).set(bearer(key)).send(body),
    delete: (path: string) => request(t.server).delete(path).set(bearer(key)),
  });

  async function connect(
    customer: TestCustomer,
    network: string,
    tenantId = TENANT,
  ): Promise<{ accountId: string; code: string }> {
    const { session, callbackUrl } = await connectUntilSession(t, customer.apiKey, {
      network,
      tenantId,
      redirectUri: REDIRECT,
    });
    const pageId = (await api(customer.apiKey).get(`/api/v1/social-accounts/pending/${session}`)).body.data
      .availablePages[0].id;
    const finalized = await api(customer.apiKey).post(`/api/v1/social-accounts/pending/${session}/finalize`, {
      selectedPageIds: [pageId],
    });
    expect(finalized.status).toBe(200);
    return { accountId: finalized.body.data[0].id, code: new URL(callbackUrl).searchParams.get('code')! };
  }

  beforeAll(async () => {
    receiver = await WebhookReceiver.started();
    bobReceiver = await WebhookReceiver.started();
    t = await startEmulatedApp({
      logger: logs.logger,
      env: { ALLOW_PRIVATE_URLS: 'true', RATE_LIMIT_PER_SECOND: '0' },
    });
    alice = await t.createCustomer('alice');
    bob = await t.createCustomer('bob');
    for (const customer of [alice, bob]) await t.app.get(RedirectUrlsService).add(customer.id, REDIRECT);
    const revoked = await t.app.get(ApiKeysService).create(alice.id, 'revoked');
    await t.app.get(ApiKeysService).revoke(revoked.key.id);
    revokedKey = revoked.plaintext;

    const { accountId } = await connect(alice, 'x');
    const post = await createPost(t, alice, {
      tenant_id: TENANT,
      accounts: [accountId],
      containers: [{ content: 'mine' }],
      scheduledAt: tomorrow(),
    });
    expect(post.status).toBe(202);
    expect(
      (
        await api(alice.apiKey).put('/api/v1/webhooks', {
          url: receiver.url,
          webhook_secret: 'alice-webhook-secret-0123456789',
        })
      ).status,
    ).toBe(200);
    const [event] = await t.db.query<{ id: string }>('SELECT id FROM events WHERE customer_id = $1 LIMIT 1', [
      alice.id,
    ]);
    const pending = await connectUntilSession(t, alice.apiKey, {
      network: 'facebook',
      tenantId: TENANT,
      redirectUri: REDIRECT,
    });
    const medium = await api(alice.apiKey).post('/api/v1/media', { contentType: 'image/jpeg', size: 10 });
    expect(medium.status).toBe(201);
    // An answer of Alice's under her post's delivery, written as the API would have queued it.
    const deliveryId: string = post.body.data.deliveries[0].id;
    const commentRequestId = 'cmr_AliceAnswer0000000001';
    await t.db.query(
      'INSERT INTO comment_requests (id, customer_id, post_id, delivery_id, account_id, text) VALUES ($1, $2, $3, $4, $5, $6)',
      [commentRequestId, alice.id, post.body.data.id, deliveryId, accountId, 'mine'],
    );
    Object.assign(owned, {
      accountId,
      postId: post.body.data.id,
      eventId: event!.id,
      session: pending.session,
      mediumId: medium.body.data.id,
      deliveryId,
      commentRequestId,
    });
  });
  afterAll(async () => {
    await t?.close();
    await receiver.down();
    await bobReceiver.down();
  });

  /** A concrete call of an operation on Alice's resources: her ids, and a body the operation accepts from her. */
  function call(operation: Operation): { path: string; body?: object } {
    const values: Record<string, string> = {
      network: 'x',
      session: owned.session!,
      eventId: owned.eventId!,
      id: operation.path.startsWith('/api/v1/posts')
        ? owned.postId!
        : operation.path.startsWith('/api/v1/media')
          ? owned.mediumId!
          : operation.path.startsWith('/api/v1/events')
            ? owned.eventId!
            : owned.accountId!,
      deliveryId: owned.deliveryId!,
      requestId: owned.commentRequestId!,
    };
    // Query parameters an operation needs to reach its resource.
    const queries: Record<string, string> = {
      'GET /api/v1/posts/{id}/comments': `?deliveryId=${owned.deliveryId}`,
    };
    const bodies: Record<string, object> = {
      'POST /api/v1/social-networks/{network}/auth-url': { tenant_id: TENANT, redirect_uri: REDIRECT },
      'POST /api/v1/social-accounts/pending/{session}/finalize': { selectedPageIds: ['anything'] },
      'POST /api/v1/posts': {
        tenant_id: TENANT,
        accounts: [owned.accountId],
        containers: [{ content: 'theirs' }],
        scheduledAt: tomorrow(),
      },
      'POST /api/v1/posts/validate': {
        tenant_id: TENANT,
        accounts: [owned.accountId],
        containers: [{ content: 'theirs' }],
      },
      'PUT /api/v1/webhooks': { url: bobReceiver.url, webhook_secret: 'someone-elses-secret-000' },
      'POST /api/v1/media': { contentType: 'image/jpeg', size: 10 },
      'POST /api/v1/webhooks/secret/rotate': { overlap_seconds: 60 },
      'POST /api/v1/posts/{id}/comments': { deliveryId: owned.deliveryId, text: 'theirs' },
      'PATCH /api/v1/posts/{id}': { containers: [{ content: 'theirs' }] },
      'POST /api/v1/posts/{id}/validate': { containers: [{ content: 'theirs' }] },
    };
    for (const name of operation.pathParams)
      if (!(name in values))
        throw new Error(`A new path parameter {${name}} in ${operationName(operation)}: say whose resource it names`);
    if (operation.body && !bodies[operationName(operation)])
      throw new Error(`A new operation with a body, ${operationName(operation)}: give it one`);
    return {
      path: fillPath(operation, values) + (queries[operationName(operation)] ?? ''),
      body: bodies[operationName(operation)],
    };
  }

  function send(operation: Operation, key: string | undefined): request.Test {
    const { path, body } = call(operation);
    const test = request(t.server)[operation.method](path);
    if (key !== undefined) test.set(bearer(key));
    return body ? test.send(body) : test;
  }

  /** What Alice sees of her own things: a customer with another key must change none of it. */
  async function aliceView(): Promise<unknown> {
    const own = api(alice.apiKey);
    const answers = await Promise.all([
      own.get(`/api/v1/social-accounts?tenantId=${TENANT}`),
      own.get(`/api/v1/posts/${owned.postId}`),
      own.get('/api/v1/webhooks'),
      own.get(`/api/v1/social-accounts/pending/${owned.session}`),
      own.get('/api/v1/webhooks/deliveries?limit=100'),
    ]);
    return answers.map((answer) => ({ status: answer.status, data: answer.body.data }));
  }

  describe('bounds one customer cannot pass (issue 24)', () => {
    it('POST /webhooks/test: 5 at once per customer, then 429 rate_limited with Retry-After, nothing sent; others unaffected', async () => {
      const flooder = await t.createCustomer();
      const calm = await t.createCustomer();
      for (const customer of [flooder, calm]) {
        const put = await api(customer.apiKey).put('/api/v1/webhooks', { url: receiver.url });
        expect(put.status).toBe(200);
      }
      const sentBefore = receiver.receipts.length;
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => api(flooder.apiKey).post('/api/v1/webhooks/test')),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
      const refused = answers.find((answer) => answer.status === 429)!;
      expect(refused.body).toEqual({
        success: false,
        error: {
          code: 'rate_limited',
          message: expect.stringMatching(/retry after \d+ s/),
          requestId: expect.any(String),
        },
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(receiver.receipts.length - sentBefore).toBe(5);
      // Another customer's test goes out as before.
      const other = await api(calm.apiKey).post('/api/v1/webhooks/test');
      expect(other.status).toBe(200);
      expect(other.body.data.delivered).toBe(true);
    });
  });

  describe('every documented non-public route', () => {
    let secured: Operation[];
    beforeAll(async () => {
      secured = (await loadApiDocument(t.server)).operations.filter((operation) => operation.secured);
    });

    it('is read from the OpenAPI document', () => {
      expect(secured.length).toBeGreaterThanOrEqual(15);
      expect(secured.every((operation) => operation.path.startsWith('/api/v1/'))).toBe(true);
    });

    it.each([
      ['no key', () => undefined],
      ['a revoked key', () => revokedKey],
    ])('refuses %s with 401, even on the caller’s own real resources', async (_, key) => {
      const before = await aliceView();
      for (const operation of secured) {
        const response = await send(operation, key());
        expect({ route: operationName(operation), status: response.status, body: response.body }).toEqual({
          route: operationName(operation),
          status: 401,
          body: {
            success: false,
            error: { code: 'unauthorized', message: expect.any(String), requestId: expect.any(String) },
          },
        });
      }
      expect(await aliceView()).toEqual(before);
    });

    it("gives another customer's key a 404 for each of Alice's resources, never her data, and changes nothing of hers", async () => {
      const before = await aliceView();
      const aliceTexts = [
        owned.accountId!,
        owned.postId!,
        owned.eventId!,
        owned.session!,
        owned.mediumId!,
        owned.deliveryId!,
        owned.commentRequestId!,
        receiver.url,
        'mine',
      ];
      for (const operation of secured) {
        // Set again each time (the loop deletes it too): without an endpoint, resend would stop at a 409 before looking at the id.
        expect(
          (
            await api(bob.apiKey).put('/api/v1/webhooks', {
              url: bobReceiver.url,
              webhook_secret: 'bobs-own-secret-0123456789',
            })
          ).status,
        ).toBe(200);
        const response = await send(operation, bob.apiKey);
        const route = operationName(operation);
        if (operation.pathParams.some((name) => RESOURCE_PARAMS.includes(name))) {
          expect({ route, status: response.status, code: response.body.error?.code }).toEqual({
            route,
            status: 404,
            code: 'not_found',
          });
        } else {
          expect({ route, status: response.status }).not.toEqual({ route, status: 403 });
        }
        // Whatever the answer, it carries nothing of Alice's, except an id Bob himself sent, named back
        // (in a detail, or in a dry run's verdict on it).
        const shown = JSON.stringify(response.body.data ?? null);
        const sent = JSON.stringify(call(operation).body ?? null);
        for (const text of aliceTexts.filter((candidate) => !sent.includes(candidate)))
          expect({ route, leaks: shown.includes(text) ? text : null }).toEqual({ route, leaks: null });
      }
      expect(await aliceView()).toEqual(before);
    });

    it("answers a post to another customer's account exactly as to an account that does not exist", async () => {
      const body = (account: string) => ({ tenant_id: TENANT, accounts: [account], containers: [{ content: 'x' }] });
      const theirs = await createPost(t, bob, body(owned.accountId!));
      const unknown = await createPost(t, bob, body('acc_0000000000000000000000'));
      const scrub = (text: string) =>
        text
          .replaceAll(owned.accountId!, 'ACC')
          .replaceAll('acc_0000000000000000000000', 'ACC')
          .replace(/req_[\w-]+/g, 'REQ');
      expect(theirs.status).toBe(422);
      expect(scrub(theirs.text)).toBe(scrub(unknown.text));
    });

    it("judges another customer's account in a dry run exactly as an account that does not exist", async () => {
      const verdict = async (account: string) =>
        (
          await request(t.server)
            .post('/api/v1/posts/validate')
            .set(bearer(bob.apiKey))
            .send({ tenant_id: TENANT, accounts: [account], containers: [{ content: 'x' }] })
        ).body.data;
      const theirs = await verdict(owned.accountId!);
      const unknown = await verdict('acc_0000000000000000000000');
      const scrub = (data: unknown) =>
        JSON.stringify(data).replaceAll(owned.accountId!, 'ACC').replaceAll('acc_0000000000000000000000', 'ACC');
      expect(theirs.accounts[0]).toMatchObject({ platform: null, valid: false });
      expect(scrub(theirs)).toBe(scrub(unknown));
    });
  });

  describe('OAuth state and pending sessions (beyond connect-flow.e2e-spec)', () => {
    const consent = async (tenantId: string): Promise<string> => {
      const authUrl = new URL(
        (await requestAuthUrl(t, alice.apiKey, { network: 'x', tenantId, redirectUri: REDIRECT })).body.data.auth_url,
      );
      authUrl.searchParams.set('emulator_auto', 'approve');
      return (await fetch(authUrl, { redirect: 'manual' })).headers.get('location')!;
    };

    it('lets a state through once even when its callback is raced', async () => {
      const callbackUrl = await consent('race-state');
      const answers = await Promise.all(Array.from({ length: 5 }, () => fetch(callbackUrl, { redirect: 'manual' })));
      const withSession = answers.filter(
        (answer) => answer.status === 302 && new URL(answer.headers.get('location')!).searchParams.get('session'),
      );
      expect(withSession).toHaveLength(1);
      expect(answers.filter((answer) => answer.status === 400)).toHaveLength(4);
    });

    it('spends a state on a denied consent too', async () => {
      const authUrl = (
        await requestAuthUrl(t, alice.apiKey, { network: 'x', tenantId: 'denied', redirectUri: REDIRECT })
      ).body.data.auth_url;
      const { callbackUrl, finalUrl } = await browse(authUrl, { decision: 'deny' });
      expect(finalUrl.searchParams.get('error')).toBe('access_denied');
      const again = await fetch(callbackUrl.replace(/error=[^&]*/, 'code=forged'), { redirect: 'manual' });
      expect(again.status).toBe(400);
      expect(again.headers.get('location')).toBeNull();
    });

    it('gives a state 15 minutes and a pending session 30', async () => {
      const { session } = await connectUntilSession(t, alice.apiKey, {
        network: 'x',
        tenantId: 'lifetimes',
        redirectUri: REDIRECT,
      });
      const [attempt] = await t.db.query<{ minutes: number }>(
        "SELECT extract(epoch FROM expires_at - created_at) / 60 AS minutes FROM connect_attempts WHERE tenant_id = 'lifetimes'",
      );
      expect(Number(attempt!.minutes)).toBeCloseTo(15, 0);
      const view = await api(alice.apiKey).get(`/api/v1/social-accounts/pending/${session}`);
      expect((new Date(view.body.data.expiresAt).getTime() - Date.now()) / 60_000).toBeGreaterThan(29);
    });

    it('finalizes a session once when finalize is raced, and keeps no tokens after', async () => {
      const { session } = await connectUntilSession(t, alice.apiKey, {
        network: 'x',
        tenantId: 'race-finalize',
        redirectUri: REDIRECT,
      });
      const pageId = (await api(alice.apiKey).get(`/api/v1/social-accounts/pending/${session}`)).body.data
        .availablePages[0].id;
      const answers = await Promise.all(
        Array.from({ length: 4 }, () =>
          api(alice.apiKey).post(`/api/v1/social-accounts/pending/${session}/finalize`, { selectedPageIds: [pageId] }),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409]);
      const events = await t.db.query(
        "SELECT id FROM events WHERE tenant_id = 'race-finalize' AND type = 'account.connected'",
      );
      expect(events).toHaveLength(1);
      expect((await api(alice.apiKey).get(`/api/v1/social-accounts/pending/${session}`)).status).not.toBe(200);
    });
  });

  describe('redirect_uri (beyond connect-flow.e2e-spec)', () => {
    it.each([
      ['credentials before the allowed host', 'https://app.example.com@evil.example/connected'],
      ['the allowed host as a prefix of another', 'https://app.example.com.evil.example/connected'],
      ['a path escaping the allowed one', 'https://app.example.com/connected/../steal'],
      ['an encoded path escape', 'https://app.example.com/connected/%2e%2e/steal'],
      ['a backslash', 'https://app.example.com\\@evil.example/connected'],
      ['a scheme-relative URL', '//evil.example/connected'],
      ['javascript:', 'javascript:alert(1)//app.example.com/connected'],
      ['a longer path', 'https://app.example.com/connected/more'],
    ])('refuses %s', async (_, redirectUri) => {
      const response = await requestAuthUrl(t, alice.apiKey, { network: 'x', tenantId: 't', redirectUri });
      expect({ redirectUri, status: response.status }).toEqual({ redirectUri, status: 400 });
    });

    it("refuses another customer's allowed URL", async () => {
      const carol = await t.createCustomer();
      await t.app.get(RedirectUrlsService).add(carol.id, 'https://carol.example.com/back');
      const response = await requestAuthUrl(t, alice.apiKey, {
        network: 'x',
        tenantId: 't',
        redirectUri: 'https://carol.example.com/back',
      });
      expect({ status: response.status, code: response.body.error?.code }).toEqual({
        status: 400,
        code: 'redirect_uri_not_allowed',
      });
    });
  });

  describe('secrets across a full flow', () => {
    const X_APP = { clientId: 'alice-own-x-app', clientSecret: 'alice-x-app-secret-Zq81' };
    const WEBHOOK_SECRET = 'flow-webhook-secret-Kp2v9x-0123';
    const answers: string[] = [];
    const secrets: Record<string, string> = {};

    const record = (response: request.Response) => {
      answers.push(JSON.stringify(response.headers), response.text);
      return response;
    };

    beforeAll(async () => {
      const { plaintext } = await t.app.get(ApiKeysService).create(alice.id, 'flow');
      secrets.apiKey = plaintext;
      await fetch(`${t.baseUrl}/emulator/control/apps`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(X_APP),
      });
      await t.app.get(NetworkAppsService).set(alice.id, 'x', X_APP);
      secrets.appSecret = X_APP.clientSecret;
      secrets.webhookSecret = WEBHOOK_SECRET;
      const own = api(plaintext);

      const connected: string[] = [];
      for (const network of ['x', 'facebook']) {
        const { session, callbackUrl } = await connectUntilSession(t, plaintext, {
          network,
          tenantId: 'flow',
          redirectUri: REDIRECT,
        });
        secrets[`${network}Code`] = new URL(callbackUrl).searchParams.get('code')!;
        const pages = record(await own.get(`/api/v1/social-accounts/pending/${session}`)).body.data.availablePages;
        connected.push(
          record(
            await own.post(`/api/v1/social-accounts/pending/${session}/finalize`, { selectedPageIds: [pages[0].id] }),
          ).body.data[0].id,
        );
      }
      for (const accountId of connected) {
        const stored = await t.app.get(AccountsStore).findById(alice.id, accountId);
        const tokens = t.app.get(TokenVault).open(stored!.id, stored!, stored!.tokenExpiresAt)!;
        for (const [name, value] of Object.entries(tokens))
          if (typeof value === 'string' && value.length >= 8) secrets[`${accountId}.${name}`] = value;
      }
      record(await own.put('/api/v1/webhooks', { url: receiver.url, webhook_secret: WEBHOOK_SECRET }));
      const post = record(
        await own.post('/api/v1/posts', {
          tenant_id: 'flow',
          accounts: connected,
          containers: [{ content: 'Secrets stay put' }],
        }),
      );
      expect((await settledPost(t, { ...alice, apiKey: plaintext }, post.body.data.id)).status).toBe('published');
      record(await own.post('/api/v1/webhooks/test'));
      for (const path of [
        '/api/v1/social-accounts?tenantId=flow',
        '/api/v1/social-accounts?tenantId=flow&status=disconnected',
        `/api/v1/posts?tenantId=flow`,
        `/api/v1/posts/${post.body.data.id}`,
        '/api/v1/webhooks',
        '/api/v1/webhooks/deliveries?limit=100',
      ])
        record(await own.get(path));
      // The webhooks and anything else the worker had to do are done, and logged.
      await lanesIdle(t.app);
    });

    it('found the secrets it looks for', () => {
      expect(Object.keys(secrets).filter((name) => name.includes('.')).length).toBeGreaterThanOrEqual(3);
      expect(Object.keys(secrets)).toEqual(
        expect.arrayContaining(['apiKey', 'appSecret', 'webhookSecret', 'xCode', 'facebookCode']),
      );
    });

    it('shows no token, secret, code or key in any API answer', () => {
      expect(answers.length).toBeGreaterThan(10);
      const text = answers.join('\n');
      for (const [name, value] of Object.entries(secrets))
        expect({ name, shown: text.includes(value) }).toEqual({ name, shown: false });
    });

    it('writes no token, secret, code or key into the logs', () => {
      const text = logs.text();
      expect(text).toContain('"msg":"request"');
      for (const [name, value] of Object.entries(secrets))
        expect({ name, logged: text.includes(value) }).toEqual({ name, logged: false });
    });

    it('holds network tokens, app secrets, webhook secrets and keys only encrypted or hashed: no text or JSON column of any table has them', async () => {
      const columns = await t.db.query<{ schema: string; table: string; column: string }>(
        `SELECT c.table_schema AS schema, c.table_name AS table, c.column_name AS column
           FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
          WHERE t.table_type = 'BASE TABLE' AND c.table_schema NOT IN ('pg_catalog', 'information_schema')
            AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'bytea', 'ARRAY')`,
      );
      expect(columns.map((c) => `${c.table}.${c.column}`)).toEqual(
        expect.arrayContaining(['connected_accounts.access_token_encrypted', 'webhook_endpoints.secret_encrypted']),
      );
      for (const { schema, table, column } of columns) {
        for (const [name, value] of Object.entries(secrets)) {
          const [hit] = await t.db.query<{ n: string }>(
            `SELECT count(*)::text AS n FROM "${schema}"."${table}" WHERE position($1 in "${column}"::text) > 0`,
            [value],
          );
          expect({ column: `${schema}.${table}.${column}`, secret: name, rows: hit!.n }).toEqual({
            column: `${schema}.${table}.${column}`,
            secret: name,
            rows: '0',
          });
        }
      }
    });
  });
});

describe('Private, loopback and link-local addresses by name and by redirect (ALLOW_PRIVATE_URLS off)', () => {
  let t: TestApp & { baseUrl: string };
  let customer: TestCustomer;
  let account: string;
  const names = loopbackHostNames();

  beforeAll(async () => {
    t = await startEmulatedApp({ env: { ALLOW_PRIVATE_URLS: 'false', RATE_LIMIT_PER_SECOND: '0' } });
    customer = await t.createCustomer();
    await t.app.get(RedirectUrlsService).add(customer.id, REDIRECT);
    const { session } = await connectUntilSession(t, customer.apiKey, {
      network: 'x',
      tenantId: TENANT,
      redirectUri: REDIRECT,
    });
    const pages = (
      await request(t.server).get(`/api/v1/social-accounts/pending/${session}`).set(bearer(customer.apiKey))
    ).body.data.availablePages;
    account = (
      await request(t.server)
        .post(`/api/v1/social-accounts/pending/${session}/finalize`)
        .set(bearer(customer.apiKey))
        .send({ selectedPageIds: [pages[0].id] })
    ).body.data[0].id;
  });
  afterAll(async () => t?.close());

  it('knows the loopback names of this machine', () => {
    expect(names).toContain('localhost');
  });

  it('refuses webhook URLs whose host name resolves to loopback (from /etc/hosts), in any case and with a trailing dot', async () => {
    for (const name of names.flatMap((name) => [name, name.toUpperCase(), `${name}.`])) {
      const response = await request(t.server)
        .put('/api/v1/webhooks')
        .set(bearer(customer.apiKey))
        .send({ url: `https://${name}:8443/hooks`, webhook_secret: 'a-secret-of-enough-length' });
      expect({ name, status: response.status, field: response.body.error?.details?.[0]?.field }).toEqual({
        name,
        status: 400,
        field: 'url',
      });
    }
  });

  it('refuses media URLs whose host name resolves to loopback (from /etc/hosts)', async () => {
    for (const name of names.flatMap((name) => [name, name.toUpperCase(), `${name}.`])) {
      const response = await createPost(t, customer, {
        tenant_id: TENANT,
        accounts: [account],
        containers: [{ content: 'x', media: [{ url: `http://${name}:8080/a.jpg` }] }],
      });
      expect({ name, status: response.status, field: response.body.error?.details?.[0]?.field }).toEqual({
        name,
        status: 400,
        field: 'containers[0].media[0].url',
      });
    }
  });

  it('does not send a webhook to an endpoint whose name now resolves to loopback', async () => {
    const receiver = await WebhookReceiver.started();
    try {
      expect(
        (
          await request(t.server)
            .put('/api/v1/webhooks')
            .set(bearer(customer.apiKey))
            .send({ url: 'https://192.0.2.1/hooks', webhook_secret: 'a-secret-of-enough-length' })
        ).status,
      ).toBe(200);
      // As if DNS changed after the endpoint was accepted: the stored name now leads to this machine.
      const name = names.find((candidate) => candidate !== 'localhost') ?? 'localhost';
      await t.db.query('UPDATE webhook_endpoints SET url = $1 WHERE customer_id = $2', [
        `https://${name}:${new URL(receiver.url).port}/hooks`,
        customer.id,
      ]);
      const tested = await request(t.server).post('/api/v1/webhooks/test').set(bearer(customer.apiKey));
      expect(tested.status).toBe(200);
      expect(tested.body.data).toEqual(
        expect.objectContaining({ delivered: false, error: expect.stringMatching(/private or loopback/) }),
      );
      expect(receiver.receipts).toHaveLength(0);
    } finally {
      await receiver.down();
    }
  });

  describe('media fetched at publish time', () => {
    /** An address of this machine the URL check takes for public (e.g. a TEST-NET one), so a "public" server can redirect inwards. */
    const outward = Object.values(networkInterfaces())
      .flat()
      .find(
        (entry) => entry && entry.family === 'IPv4' && !entry.internal && !isForbiddenAddress(entry.address),
      )?.address;
    let innerHits = 0;
    let inner: Server;
    let redirector: Server;
    let redirectorUrl: string;

    beforeAll(async () => {
      if (!outward) return;
      // The inside server: any request reaching it is a failure.
      inner = createServer((_request, response) => {
        innerHits++;
        response.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(Buffer.alloc(10));
      });
      await new Promise<void>((resolve) => inner.listen(0, '127.0.0.1', resolve));
      const innerPort = (inner.address() as AddressInfo).port;
      redirector = createServer((req, res) => {
        const target = req.url?.startsWith('/to-name')
          ? `http://${names.find((n) => n !== 'localhost') ?? 'localhost'}:${innerPort}/a.jpg`
          : `http://127.0.0.1:${innerPort}/a.jpg`;
        res.writeHead(302, { Location: target }).end();
      });
      await new Promise<void>((resolve) => redirector.listen(0, outward, resolve));
      redirectorUrl = `http://${outward}:${(redirector.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      if (!outward) return;
      await new Promise((resolve) => inner.close(resolve));
      await new Promise((resolve) => redirector.close(resolve));
    });

    it.each([
      ['a redirect to a loopback address', '/to-address/a.jpg'],
      ['a redirect to a name that resolves to loopback', '/to-name/a.jpg'],
    ])('fails the delivery on %s, and never fetches it', async (_, path) => {
      if (!outward) {
        console.warn(
          'No non-loopback address on this machine that the URL check takes for public: the redirect checks are unit-tested only (network-http.client.spec).',
        );
        return;
      }
      innerHits = 0;
      const response = await createPost(t, customer, {
        tenant_id: TENANT,
        accounts: [account],
        containers: [{ content: `media ${path}`, media: [{ url: `${redirectorUrl}${path}` }] }],
      });
      expect(response.status).toBe(202);
      const post = await settledPost(t, customer, response.body.data.id);
      // The adapter's media_forbidden is a permanent failure: the delivery shows it as media_unavailable, with the reason.
      expect(post.deliveries.map((delivery) => ({ status: delivery.status, error: delivery.error }))).toEqual([
        {
          status: 'failed',
          error: {
            code: 'media_unavailable',
            message: expect.stringMatching(/not downloaded: .* private or loopback/),
          },
        },
      ]);
      expect(innerHits).toBe(0);
    });
  });
});

describe('Dashboard sign-in guesses at many emails from one address (issue 24)', () => {
  const BURST = 30;
  const PASSWORD = 'a long dashboard password';
  let t: TestApp;
  let passwordChecks: jest.SpyInstance;
  let email: string;

  beforeAll(async () => {
    // The defaults, and a proxy believed, so each test is its own client address.
    t = await startTestApp({
      env: { TRUST_PROXY: '1', DASHBOARD_SIGN_IN_BURST: String(BURST), DASHBOARD_SIGN_IN_PER_MINUTE: '30' },
    });
    email = 'owner@example.com';
    await t.app.get(DashboardUsersService).create((await t.createCustomer()).id, email, PASSWORD);
    passwordChecks = jest.spyOn(t.app.get(PasswordHasher, { strict: false }), 'verify');
  });
  afterAll(() => t.close());
  beforeEach(() => passwordChecks.mockClear());

  it('checks at most DASHBOARD_SIGN_IN_BURST wrong passwords per address across emails, refusing the rest before hashing with 429, Retry-After and the page', async () => {
    const from = '203.0.113.50';
    const forms = await Promise.all(Array.from({ length: BURST + 10 }, () => signInForm(t)));
    const answers = await Promise.all(
      forms.map((form, i) => postSignIn(t, `made-up-${i}@example.com`, 'guess', { form, forwardedFor: from })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(BURST);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    expect(passwordChecks).toHaveBeenCalledTimes(BURST);

    passwordChecks.mockClear();
    const refused = await postSignIn(t, 'yet-another@example.com', 'guess', { forwardedFor: from });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    expect(refused.text).toContain(
      `Too many failed sign-ins from your network address. Try again in ${retryAfter} second`,
    );
    expect(passwordChecks).not.toHaveBeenCalled();
    // Another client address is not concerned.
    expect((await postSignIn(t, email, PASSWORD, { forwardedFor: '198.51.100.20' })).status).toBe(303);
  });

  it('never counts sign-ins that succeed: people who know their password do not use up their address', async () => {
    const from = '203.0.113.60';
    for (let i = 0; i < BURST + 5; i++)
      expect((await postSignIn(t, email, PASSWORD, { forwardedFor: from })).status).toBe(303);
    expect((await postSignIn(t, 'made-up@example.com', 'guess', { forwardedFor: from })).status).toBe(401);
  });
});
