import request from 'supertest';
import { RedirectUrlsService } from '../../src/customers/redirect-urls.service';
import { requestAuthUrl } from '../support/connect-flow';
import { startMediaServer } from '../support/media-server';
import {
  App,
  connectWorldAccount,
  control,
  Network,
  NETWORKS,
  newEncryptionKey,
  publishTo,
  startSandboxInstance,
  testWorldOf,
} from '../support/sandbox-worlds';
import { TestCustomer } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';
import { WebhookReceiver } from '../support/webhook-receiver';
import { until } from '../support/until';

const TENANT = 'tenant-sandbox';
const REDIRECT = 'https://app.example.com/connected';

/**
 * The sandbox of issue "A sandbox for every customer", as a customer meets it in production: no
 * network emulated for live traffic (NETWORK_EMULATOR=off) and no network credentials, yet a test
 * key connects and publishes on every network, through its own persistent emulator world, which
 * survives a restart and is shared by every instance on the database.
 */
describe('A sandbox for every customer (NETWORK_EMULATOR=off, no network credentials)', () => {
  const encryptionKey = newEncryptionKey();
  let db: TestDatabase;
  let a: App;
  let media: Awaited<ReturnType<typeof startMediaServer>>;
  let receiver: WebhookReceiver;
  let acme: TestCustomer;
  let acmeTest: TestCustomer;
  let otherTest: TestCustomer;
  const accounts = {} as Record<Network, { id: string; networkAccountId: string }>;
  const image = () => media.url('photo.jpg');

  beforeAll(async () => {
    db = await createTestDatabase();
    media = await startMediaServer();
    receiver = await WebhookReceiver.started();
    a = await startSandboxInstance(db.url, encryptionKey);
    acme = await a.createCustomer('acme');
    await a.app.get(RedirectUrlsService).add(acme.id, REDIRECT);
    acmeTest = await testWorldOf(a, acme);
    const other = await a.createCustomer('other');
    await a.app.get(RedirectUrlsService).add(other.id, REDIRECT);
    otherTest = await testWorldOf(a, other);
    const webhook = await request(a.server)
      .put('/api/v1/webhooks')
      .set('Authorization', `Bearer ${acmeTest.apiKey}`)
      .send({ url: receiver.url, webhook_secret: 'whsec-sandbox-0123456789' });
    expect(webhook.status).toBe(200);
  });
  afterAll(async () => {
    await a?.app.close();
    await a?.db.drop();
    await media?.close();
    await receiver?.down();
    await db?.drop();
  });

  it('connects a Facebook Page, an Instagram account and an X profile with a test key, and publishes to each', async () => {
    for (const network of NETWORKS) {
      accounts[network] = await connectWorldAccount(a, acmeTest, network, TENANT, REDIRECT);
      const post = await publishTo(
        a,
        acmeTest,
        TENANT,
        network,
        accounts[network].id,
        `Hello sandbox on ${network}`,
        image(),
      );
      expect({ network, status: post.status }).toEqual({ network, status: 'published' });
    }
    const published = (await (await control(a, '/published', { key: acmeTest.apiKey })).json()) as {
      data: Array<{ network: string; text: string }>;
    };
    expect(published.data.map((item) => [item.network, item.text])).toEqual(
      NETWORKS.map((network) => [network, `Hello sandbox on ${network}`]),
    );
  });

  it('sends the test world\'s events with "livemode": false', async () => {
    await until(
      'a post.published event per network',
      () => receiver.receipts.filter((receipt) => receipt.body.event === 'post.published').length >= NETWORKS.length,
    );
    const events = receiver.receipts.filter((receipt) => receipt.body.event === 'post.published');
    expect(events).toHaveLength(NETWORKS.length);
    for (const event of events) expect(event.body.livemode).toBe(false);
  });

  it('keeps the sandbox from the live key, which cannot connect to the emulator either', async () => {
    const live = (path: string) =>
      request(a.server).get(`/api/v1${path}`).set('Authorization', `Bearer ${acme.apiKey}`);
    expect((await live(`/social-accounts?tenantId=${TENANT}`)).body.data).toEqual([]);
    for (const network of NETWORKS) {
      expect((await live(`/social-accounts/${accounts[network].id}`)).status).toBe(404);
      const refused = await requestAuthUrl(a, acme.apiKey, { network, tenantId: TENANT, redirectUri: REDIRECT });
      expect({ network, status: refused.status, code: refused.body.error?.code }).toEqual({
        network,
        status: 409,
        code: 'network_not_configured',
      });
    }
  });

  it('answers the control API only with a test key, each customer seeing only its own world', async () => {
    expect((await control(a, '/users')).status).toBe(401);
    expect((await control(a, '/users', { key: acme.apiKey })).status).toBe(403);
    expect((await control(a, '/users', { key: 'sps_test_nonsense' })).status).toBe(401);

    const fault = await control(a, '/faults', {
      key: otherTest.apiKey,
      method: 'POST',
      body: { network: 'x', fault: 'server_error', count: 1 },
    });
    expect(fault.status).toBe(201);
    const faultsOf = async (key: string) =>
      ((await (await control(a, '/faults', { key })).json()) as { data: unknown[] }).data;
    expect(await faultsOf(otherTest.apiKey)).toHaveLength(1);
    expect(await faultsOf(acmeTest.apiKey)).toEqual([]);
    expect((await control(a, '/faults', { key: otherTest.apiKey, method: 'DELETE' })).status).toBe(200);

    const publishedOf = async (key: string) =>
      ((await (await control(a, '/published', { key })).json()) as { data: unknown[] }).data;
    expect(await publishedOf(otherTest.apiKey)).toEqual([]);
    expect(await publishedOf(acmeTest.apiKey)).toHaveLength(NETWORKS.length);

    // Each world has test users of its own: the same seeded people, with ids of their own.
    const usersOf = async (key: string) =>
      ((await (await control(a, '/users', { key })).json()) as { data: Array<{ id: string; facebookUserId: string }> })
        .data;
    const [acmeUsers, otherUsers] = [await usersOf(acmeTest.apiKey), await usersOf(otherTest.apiKey)];
    expect(acmeUsers.map((user) => user.id)).toEqual(otherUsers.map((user) => user.id));
    expect(acmeUsers[0]!.facebookUserId).not.toBe(otherUsers[0]!.facebookUserId);
  });

  it('refuses a consent page for a state the service never issued', async () => {
    const issued = await requestAuthUrl(a, acmeTest.apiKey, {
      network: 'facebook',
      tenantId: TENANT,
      redirectUri: REDIRECT,
    });
    expect(issued.status).toBe(200);
    const forged = new URL(issued.body.data.auth_url);
    forged.searchParams.set('state', 'st_never-issued-by-the-service');
    forged.searchParams.set('emulator_auto', 'approve');
    const answer = await fetch(forged, { redirect: 'manual' });
    expect(answer.status).toBe(403);
    // Another world's login cannot be served by this world's page either.
    const theirs = await requestAuthUrl(a, otherTest.apiKey, {
      network: 'facebook',
      tenantId: TENANT,
      redirectUri: REDIRECT,
    });
    const mixed = new URL(issued.body.data.auth_url);
    mixed.searchParams.set('state', new URL(theirs.body.data.auth_url).searchParams.get('state')!);
    mixed.searchParams.set('emulator_auto', 'approve');
    expect((await fetch(mixed, { redirect: 'manual' })).status).toBe(403);
  });

  it('keeps the world across a restart: the same accounts publish again', async () => {
    await a.app.close();
    await a.db.drop();
    a = await startSandboxInstance(db.url, encryptionKey);
    for (const network of NETWORKS) {
      const post = await publishTo(
        a,
        acmeTest,
        TENANT,
        network,
        accounts[network].id,
        `After the restart on ${network}`,
        image(),
      );
      expect({ network, status: post.status }).toEqual({ network, status: 'published' });
    }
    const published = (await (await control(a, '/published', { key: acmeTest.apiKey })).json()) as { data: unknown[] };
    expect(published.data).toHaveLength(2 * NETWORKS.length);
  });

  it('shares one world between two instances: a fault set through one affects a publish through the other', async () => {
    const b = await startSandboxInstance(db.url, encryptionKey);
    try {
      const fault = { network: 'x', accountId: accounts.x.networkAccountId, fault: 'token_expired', count: 1 };
      expect((await control(a, '/faults', { key: acmeTest.apiKey, method: 'POST', body: fault })).status).toBe(201);
      // Both instances' workers may publish it: either way the world is the same one.
      const post = await publishTo(b, acmeTest, TENANT, 'x', accounts.x.id, 'Through instance B', image());
      expect(post.deliveries[0]).toEqual(
        expect.objectContaining({ status: 'failed', error: expect.objectContaining({ code: 'token_expired' }) }),
      );
      expect(
        ((await (await control(b, '/faults', { key: acmeTest.apiKey })).json()) as { data: unknown[] }).data,
      ).toEqual([]);
    } finally {
      await b.app.close();
      await b.db.drop();
    }
  });
});
