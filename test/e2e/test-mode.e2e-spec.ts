import { createHash } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { TestWorlds1795380000000 } from '../../migrations/1795380000000-test-worlds';
import { CustomerKeysService } from '../../src/auth/customer-keys.service';
import { RedirectUrlsService } from '../../src/customers/redirect-urls.service';
import { connectUntilSession, requestAuthUrl, startEmulatedApp } from '../support/connect-flow';
import { createPost, getPost, settledPost } from '../support/posts';
import { startTestApp, TestApp, TestCustomer } from '../support/test-app';
import { Receipt, WebhookReceiver } from '../support/webhook-receiver';
import { until } from '../support/until';

const TENANT = 'tenant-worlds';
const REDIRECT = 'https://app.example.com/connected';
const SECRET = 'whsec-worlds-0123456789abcdef';

/** A live customer's test world, seen through one test key (shaped like a TestCustomer for the helpers). */
interface World extends TestCustomer {
  liveCustomerId: string;
}

describe('Test mode: a test world per customer, reached by test keys', () => {
  let t: TestApp & { baseUrl: string };
  let liveReceiver: WebhookReceiver;
  let testReceiver: WebhookReceiver;
  let acme: TestCustomer;
  let acmeTest: World;
  let other: TestCustomer;
  let otherTest: World;
  /** What each world holds once the beforeAll has run. */
  const made = { live: { accountId: '', postId: '' }, test: { accountId: '', postId: '' } };

  const as = (key: string) => ({
    get: (path: string) => request(t.server).get(`/api/v1${path}`).set('Authorization', `Bearer ${key}`),
    delete: (path: string) => request(t.server).delete(`/api/v1${path}`).set('Authorization', `Bearer ${key}`),
    post: (path: string, body: object = {}) =>
      request(t.server).post(`/api/v1${path}`).set('Authorization', `Bearer ${key}`).send(body),
    put: (path: string, body: object) =>
      request(t.server).put(`/api/v1${path}`).set('Authorization', `Bearer ${key}`).send(body),
  });

  async function testWorldOf(live: TestCustomer): Promise<World> {
    const { key, plaintext, worldId } = await t.app.get(CustomerKeysService).create(live.id, 'test', 'sandbox');
    return { id: worldId, name: live.name, apiKey: plaintext, apiKeyId: key.id, liveCustomerId: live.id };
  }

  /** Connects the emulator's X profile through the whole flow with the caller's key. */
  async function connectX(caller: TestCustomer): Promise<string> {
    const { session } = await connectUntilSession(t, caller.apiKey, {
      network: 'x',
      tenantId: TENANT,
      redirectUri: REDIRECT,
    });
    const pages = (await as(caller.apiKey).get(`/social-accounts/pending/${session}`)).body.data.availablePages;
    const finalized = await as(caller.apiKey).post(`/social-accounts/pending/${session}/finalize`, {
      selectedPageIds: [pages[0].id],
    });
    expect(finalized.status).toBe(200);
    return finalized.body.data[0].id as string;
  }

  async function publish(caller: TestCustomer, accountId: string, content: string): Promise<string> {
    const accepted = await createPost(t, caller, {
      tenant_id: TENANT,
      accounts: [accountId],
      containers: [{ content }],
    });
    expect(accepted.status).toBe(202);
    const post = await settledPost(t, caller, accepted.body.data.id);
    expect(post.status).toBe('published');
    return post.id;
  }

  /** The receipts about any of the ids (a post.published names its post and its account: counted once). */
  const eventsAbout = (receiver: WebhookReceiver, ...ids: string[]): Receipt[] =>
    receiver.receipts.filter(
      (receipt) =>
        ids.includes(String(receipt.body.data.connectedAccountId)) ||
        ids.includes(String(receipt.body.data.servicePostId)),
    );

  beforeAll(async () => {
    liveReceiver = await WebhookReceiver.started();
    testReceiver = await WebhookReceiver.started();
    t = await startEmulatedApp({ env: { ALLOW_PRIVATE_URLS: 'true' } });
    acme = await t.createCustomer('acme');
    // The redirect URL is allowed for the live customer only: its test world is allowed it too.
    await t.app.get(RedirectUrlsService).add(acme.id, REDIRECT);
    acmeTest = await testWorldOf(acme);
    other = await t.createCustomer('other');
    otherTest = await testWorldOf(other);

    expect((await as(acme.apiKey).put('/webhooks', { url: liveReceiver.url, webhook_secret: SECRET })).status).toBe(
      200,
    );
    expect((await as(acmeTest.apiKey).put('/webhooks', { url: testReceiver.url, webhook_secret: SECRET })).status).toBe(
      200,
    );

    made.test.accountId = await connectX(acmeTest);
    made.test.postId = await publish(acmeTest, made.test.accountId, 'Hello from the test world');
    made.live.accountId = await connectX(acme);
    made.live.postId = await publish(acme, made.live.accountId, 'Hello from the live world');
  });
  afterAll(async () => {
    await t?.close();
    await liveReceiver?.down();
    await testReceiver?.down();
  });

  it('gives a test key of its own form, acting in a customers row of its own linked to the live one', async () => {
    expect(acmeTest.apiKey).toMatch(/^sps_test_[0-9A-Za-z]{40,44}$/);
    expect(acme.apiKey).toMatch(/^sps_[0-9A-Za-z]{40,44}$/);
    expect(acmeTest.id).not.toBe(acme.id);
    const rows = await t.db.query(
      'SELECT id, name, mode, live_customer_id FROM customers WHERE id = ANY($1) ORDER BY mode',
      [[acme.id, acmeTest.id]],
    );
    expect(rows).toEqual([
      { id: acme.id, name: 'acme', mode: 'live', live_customer_id: null },
      { id: acmeTest.id, name: 'acme', mode: 'test', live_customer_id: acme.id },
    ]);
    // Made once: a second test key joins the same world.
    const again = await testWorldOf(acme);
    expect(again.id).toBe(acmeTest.id);
  });

  it("keeps the test world's accounts and posts from the live key, and the live ones from the test key, as 404s", async () => {
    const live = as(acme.apiKey);
    const test = as(acmeTest.apiKey);
    expect(
      (await live.get(`/social-accounts?tenantId=${TENANT}`)).body.data.map((account: { id: string }) => account.id),
    ).toEqual([made.live.accountId]);
    expect(
      (await test.get(`/social-accounts?tenantId=${TENANT}`)).body.data.map((account: { id: string }) => account.id),
    ).toEqual([made.test.accountId]);
    expect((await live.get(`/posts?tenantId=${TENANT}`)).body.data.map((post: { id: string }) => post.id)).toEqual([
      made.live.postId,
    ]);
    expect((await test.get(`/posts?tenantId=${TENANT}`)).body.data.map((post: { id: string }) => post.id)).toEqual([
      made.test.postId,
    ]);

    for (const [key, foreign] of [
      [acme, made.test],
      [acmeTest, made.live],
    ] as const) {
      expect((await getPost(t, key, foreign.postId)).status).toBe(404);
      const posting = await createPost(t, key, {
        tenant_id: TENANT,
        accounts: [foreign.accountId],
        containers: [{ content: 'not mine' }],
      });
      // As for an account that does not exist: "not a connected account of tenant …".
      expect(posting.status).toBe(422);
      expect(posting.body.error.details[0].message).toBe(
        `${foreign.accountId} is not a connected account of tenant ${TENANT}`,
      );
      const disconnect = await as(key.apiKey).delete(`/social-accounts/${foreign.accountId}`);
      expect({ status: disconnect.status, code: disconnect.body.error?.code }).toEqual({
        status: 404,
        code: 'not_found',
      });
    }
    // Nothing was disconnected by the refused calls.
    const statuses = await t.db.query<{ status: string }>('SELECT status FROM connected_accounts WHERE id = ANY($1)', [
      [made.live.accountId, made.test.accountId],
    ]);
    expect(statuses.map((row) => row.status)).toEqual(['active', 'active']);
  });

  it("keeps a pending session of one world from the other world's key", async () => {
    const { session } = await connectUntilSession(t, acmeTest.apiKey, {
      network: 'x',
      tenantId: TENANT,
      redirectUri: REDIRECT,
    });
    expect((await as(acme.apiKey).get(`/social-accounts/pending/${session}`)).status).toBe(404);
    expect(
      (await as(acme.apiKey).post(`/social-accounts/pending/${session}/finalize`, { selectedPageIds: ['1'] })).status,
    ).toBe(404);
    expect((await as(acmeTest.apiKey).get(`/social-accounts/pending/${session}`)).status).toBe(200);
  });

  it("sends each world's events to its own webhook, with livemode false from the test world and true from the live one", async () => {
    const testEvents = await until("the test world's events", () => {
      const found = eventsAbout(testReceiver, made.test.accountId, made.test.postId);
      return found.length >= 3 ? found : undefined;
    });
    const liveEvents = await until("the live world's events", () => {
      const found = eventsAbout(liveReceiver, made.live.accountId, made.live.postId);
      return found.length >= 3 ? found : undefined;
    });
    expect(testEvents.map((receipt) => receipt.body.event).sort()).toEqual([
      'account.connected',
      'post.completed',
      'post.published',
    ]);
    expect(liveEvents.map((receipt) => receipt.body.event).sort()).toEqual([
      'account.connected',
      'post.completed',
      'post.published',
    ]);
    for (const receipt of testEvents) expect(receipt.body.livemode).toBe(false);
    for (const receipt of liveEvents) expect(receipt.body.livemode).toBe(true);
    // Neither receiver heard anything of the other world.
    expect(eventsAbout(liveReceiver, made.test.accountId, made.test.postId)).toEqual([]);
    expect(eventsAbout(testReceiver, made.live.accountId, made.live.postId)).toEqual([]);
    expect(testReceiver.receipts.every((receipt) => receipt.body.livemode === false)).toBe(true);
    expect(liveReceiver.receipts.every((receipt) => receipt.body.livemode === true)).toBe(true);

    // The test event, sent at once, says its world too.
    const tested = await as(acmeTest.apiKey).post('/webhooks/test');
    expect(tested.body.data.delivered).toBe(true);
    expect(testReceiver.receiptsOf(tested.body.data.eventId)[0]!.body).toMatchObject({
      event: 'webhook.test',
      livemode: false,
    });
  });

  it("lists each world's events in its own delivery log, with livemode, and 404s the other world's event", async () => {
    const testLog = (await as(acmeTest.apiKey).get('/webhooks/deliveries')).body.data as Array<{
      id: string;
      livemode: boolean;
    }>;
    const liveLog = (await as(acme.apiKey).get('/webhooks/deliveries')).body.data as Array<{
      id: string;
      livemode: boolean;
    }>;
    expect(testLog.length).toBeGreaterThanOrEqual(2);
    expect(liveLog.length).toBeGreaterThanOrEqual(2);
    expect(testLog.every((event) => event.livemode === false)).toBe(true);
    expect(liveLog.every((event) => event.livemode === true)).toBe(true);
    const testIds = new Set(testLog.map((event) => event.id));
    expect(liveLog.filter((event) => testIds.has(event.id))).toEqual([]);
    expect((await as(acme.apiKey).post(`/webhooks/deliveries/${testLog[0]!.id}/resend`)).status).toBe(404);
    expect((await as(acmeTest.apiKey).post(`/webhooks/deliveries/${liveLog[0]!.id}/resend`)).status).toBe(404);
    // Each world has its own endpoint.
    expect((await as(acmeTest.apiKey).get('/webhooks')).body.data.url).toBe(testReceiver.url);
    expect((await as(acme.apiKey).get('/webhooks')).body.data.url).toBe(liveReceiver.url);
  });

  it("keeps one customer's test world from another customer's test key", async () => {
    const stranger = as(otherTest.apiKey);
    expect((await stranger.get(`/social-accounts?tenantId=${TENANT}`)).body.data).toEqual([]);
    expect((await getPost(t, otherTest, made.test.postId)).status).toBe(404);
    expect((await stranger.delete(`/social-accounts/${made.test.accountId}`)).status).toBe(404);
    expect((await stranger.get('/webhooks')).status).toBe(404);
    // With an endpoint of its own (else resending answers 409 before looking for the event).
    expect((await stranger.put('/webhooks', { url: testReceiver.url, webhook_secret: SECRET })).status).toBe(200);
    const log = (await as(acmeTest.apiKey).get('/webhooks/deliveries')).body.data as Array<{ id: string }>;
    expect((await stranger.post(`/webhooks/deliveries/${log[0]!.id}/resend`)).status).toBe(404);
    expect((await stranger.get('/webhooks/deliveries')).body.data).toEqual([]);
    // Nor may it borrow acme's redirect URLs: a test world has its own live customer's only.
    const refused = await requestAuthUrl(t, otherTest.apiKey, {
      network: 'x',
      tenantId: TENANT,
      redirectUri: REDIRECT,
    });
    expect({ status: refused.status, code: refused.body.error.code }).toEqual({
      status: 400,
      code: 'redirect_uri_not_allowed',
    });
  });

  it("allows a test world exactly its live customer's redirect URLs", async () => {
    const allowed = await requestAuthUrl(t, acmeTest.apiKey, {
      network: 'x',
      tenantId: TENANT,
      redirectUri: `${REDIRECT}?from=test`,
    });
    expect(allowed.status).toBe(200);
    const elsewhere = await requestAuthUrl(t, acmeTest.apiKey, {
      network: 'x',
      tenantId: TENANT,
      redirectUri: 'https://app.example.com/other',
    });
    expect(elsewhere.body.error.code).toBe('redirect_uri_not_allowed');
  });

  it('refuses a key whose form and world disagree (one the service never makes)', async () => {
    // A test-shaped key planted in the live world: its mode is its row's, so it is not trusted at all.
    const planted = `sps_test_${'P'.repeat(43)}`;
    await t.db.query(
      "INSERT INTO api_keys (id, customer_id, name, display_prefix, key_hash) VALUES ('key_planted', $1, 'planted', 'sps_test_PPPPPP', $2)",
      [acme.id, createHash('sha256').update(planted).digest('hex')],
    );
    expect((await as(planted).get(`/social-accounts?tenantId=${TENANT}`)).status).toBe(401);
  });

  it('takes a test world and everything in it with its live customer, and the migration back and forth', async () => {
    const runner = t.app.get(DataSource).createQueryRunner();
    try {
      await new TestWorlds1795380000000().down(runner);
      expect(await t.db.query('SELECT count(*)::int AS n FROM customers WHERE id = $1', [acmeTest.id])).toEqual([
        { n: 0 },
      ]);
      expect(
        await t.db.query('SELECT count(*)::int AS n FROM connected_accounts WHERE id = $1', [made.test.accountId]),
      ).toEqual([{ n: 0 }]);
      expect(
        await t.db.query('SELECT count(*)::int AS n FROM connected_accounts WHERE id = $1', [made.live.accountId]),
      ).toEqual([{ n: 1 }]);
      // Names are unique among all customers again.
      await expect(t.db.query("INSERT INTO customers (id, name) VALUES ('cus_dup', 'acme')")).rejects.toThrow(
        /customers_name_key/,
      );
      await new TestWorlds1795380000000().up(runner);
    } finally {
      await runner.release();
    }
    const world = await testWorldOf(acme);
    expect(world.id).not.toBe(acmeTest.id);
    await t.db.query('DELETE FROM customers WHERE id = $1', [acme.id]);
    expect(
      await t.db.query('SELECT count(*)::int AS n FROM customers WHERE id = ANY($1)', [[acme.id, world.id]]),
    ).toEqual([{ n: 0 }]);
  });
});

describe('Test mode where a network is real for live traffic', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it("sends the test key's login to the service's own emulator, so a test world never holds a real token", async () => {
    // NETWORK_EMULATOR=auto with the service's own X app: X is the real network for live keys.
    t = await startTestApp({
      env: { NETWORK_EMULATOR: 'auto', X_CLIENT_ID: 'real-client', X_CLIENT_SECRET: 'real-secret' },
    });
    const live = await t.createCustomer('real');
    await t.app.get(RedirectUrlsService).add(live.id, REDIRECT);
    const { plaintext: testKey, worldId } = await t.app.get(CustomerKeysService).create(live.id, 'test');

    const sandboxed = await requestAuthUrl(t, testKey, { network: 'x', tenantId: TENANT, redirectUri: REDIRECT });
    expect(sandboxed.status).toBe(200);
    const consent = new URL(sandboxed.body.data.auth_url);
    expect(`${consent.origin}${consent.pathname}`).toBe(`${t.config.publicUrl}/emulator/x/i/oauth2/authorize`);
    // As the world's own app, which names the world; the service-wide X app is never lent to it.
    expect(consent.searchParams.get('client_id')).toBe(`sandbox_${worldId}`);
    // The live key goes to the real consent page as before.
    const real = await requestAuthUrl(t, live.apiKey, { network: 'x', tenantId: TENANT, redirectUri: REDIRECT });
    expect(new URL(real.body.data.auth_url).host).not.toBe(new URL(t.config.publicUrl).host);
    expect(new URL(real.body.data.auth_url).searchParams.get('client_id')).toBe('real-client');
  });
});
