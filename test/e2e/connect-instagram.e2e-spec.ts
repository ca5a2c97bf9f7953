import request from 'supertest';
import { RedirectUrlsService } from '../../src/customers/redirect-urls.service';
import { connectUntilSession, startEmulatedApp } from '../support/connect-flow';
import { TestApp, TestCustomer } from '../support/test-app';

const REDIRECT = 'https://app.example.com/connected';

async function setup(
  env: Record<string, string> = {},
): Promise<{ t: TestApp & { baseUrl: string }; customer: TestCustomer }> {
  const t = await startEmulatedApp({ env });
  const customer = await t.createCustomer();
  await t.app.get(RedirectUrlsService).add(customer.id, REDIRECT);
  return { t, customer };
}

const pendingPages = async (t: TestApp, customer: TestCustomer, session: string) =>
  (
    await request(t.server)
      .get(`/api/v1/social-accounts/pending/${session}`)
      .set('Authorization', `Bearer ${customer.apiKey}`)
  ).body.data.availablePages as Array<{ id: string; username: string; type: string }>;

describe('Instagram connect variants', () => {
  describe('Instagram Login', () => {
    let t: TestApp & { baseUrl: string };
    let customer: TestCustomer;
    beforeAll(async () => ({ t, customer } = await setup()));
    afterAll(() => t.close());

    it.each(['documented', 'flat'])('reads the %s token exchange answer', async (shape) => {
      await fetch(`${t.baseUrl}/emulator/control/settings`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ instagramTokenShape: shape }),
      }).then((response) => expect(response.status).toBe(200));
      const { session } = await connectUntilSession(t, customer.apiKey, {
        network: 'instagram',
        tenantId: `ig-${shape}`,
        redirectUri: REDIRECT,
      });
      const pages = await pendingPages(t, customer, session);
      expect(pages).toEqual([expect.objectContaining({ username: 'ada.bakery' })]);
    });
  });

  describe('Facebook Login (INSTAGRAM_LOGIN=facebook)', () => {
    let t: TestApp & { baseUrl: string };
    let customer: TestCustomer;
    beforeAll(async () => ({ t, customer } = await setup({ INSTAGRAM_LOGIN: 'facebook' })));
    afterAll(() => t.close());

    it("offers the Instagram business accounts of the user's Pages, and connects one", async () => {
      const { session } = await connectUntilSession(t, customer.apiKey, {
        network: 'instagram',
        tenantId: 'ig-fb',
        redirectUri: REDIRECT,
      });
      const pages = await pendingPages(t, customer, session);
      expect(pages.map((page) => page.username).sort()).toEqual(['ada.bakery', 'ada.coffee']);
      const finalized = await request(t.server)
        .post(`/api/v1/social-accounts/pending/${session}/finalize`)
        .set('Authorization', `Bearer ${customer.apiKey}`)
        .send({ selectedPageIds: [pages[0]!.id] });
      expect(finalized.status).toBe(200);
      expect(finalized.body.data[0]).toEqual(expect.objectContaining({ platform: 'instagram', status: 'active' }));
    });
  });
});
