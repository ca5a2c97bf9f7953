import request from 'supertest';
import { RedirectUrlsService } from '../../src/customers/redirect-urls.service';
import { startStandaloneEmulator, StandaloneEmulator } from '../../src/emulator/standalone-emulator';
import { connectUntilSession, startEmulatedApp } from '../support/connect-flow';
import { createPost, settledPost } from '../support/posts';
import { TestApp, TestCustomer } from '../support/test-app';

const REDIRECT = 'https://app.example.com/connected';

describe('The emulator in a server of its own (NETWORK_EMULATOR_URL)', () => {
  let emulator: StandaloneEmulator;
  let t: TestApp & { baseUrl: string };
  let customer: TestCustomer;

  beforeAll(async () => {
    emulator = await startStandaloneEmulator({ host: '127.0.0.1', port: 0 });
    t = await startEmulatedApp({ env: { NETWORK_EMULATOR_URL: `${emulator.url}/` } });
    customer = await t.createCustomer();
    await t.app.get(RedirectUrlsService).add(customer.id, REDIRECT);
  });
  afterAll(async () => {
    await t.close();
    await emulator.close();
  });

  it('serves no default world in the service (its own emulator keeps the test worlds only)', async () => {
    // Without a test key the service's emulator has nothing to show: live traffic goes to the standalone one.
    expect((await fetch(`${t.baseUrl}/emulator/control/settings`)).status).toBe(401);
    expect((await fetch(`${emulator.url}/control/settings`)).status).toBe(200);
  });

  it('connects and publishes through the standalone emulator', async () => {
    const { session, callbackUrl } = await connectUntilSession(t, customer.apiKey, {
      network: 'x',
      tenantId: 'solo',
      redirectUri: REDIRECT,
    });
    // The consent page was the standalone emulator's; it sent the browser back to the service.
    expect(callbackUrl.startsWith(`${t.baseUrl}/oauth/x/callback`)).toBe(true);
    const auth = { Authorization: `Bearer ${customer.apiKey}` };
    const pages = (await request(t.server).get(`/api/v1/social-accounts/pending/${session}`).set(auth)).body.data
      .availablePages;
    const finalized = await request(t.server)
      .post(`/api/v1/social-accounts/pending/${session}/finalize`)
      .set(auth)
      .send({ selectedPageIds: [pages[0].id] });
    expect(finalized.status).toBe(200);

    const accepted = await createPost(t, customer, {
      tenant_id: 'solo',
      accounts: [finalized.body.data[0].id],
      containers: [{ content: 'Published via a standalone emulator' }],
    });
    expect(accepted.status).toBe(202);
    const settled = await settledPost(t, customer, accepted.body.data.id);
    expect(settled.deliveries[0]!.status).toBe('published');
    const published = emulator.state.published.list({ network: 'x' });
    expect(published.map((item) => [item.postId, item.text])).toEqual([
      [settled.deliveries[0]!.platformPostId, 'Published via a standalone emulator'],
    ]);
  });
});
