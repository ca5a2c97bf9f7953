import request from 'supertest';
import { RedirectUrlsService } from '../../src/customers/redirect-urls.service';
import { connectUntilSession } from './connect-flow';
import { TestApp, TestCustomer } from './test-app';

const REDIRECT = 'https://app.example.com/connected';

/**
 * Connects the first account the emulator offers on `network` for the customer's tenant, through
 * the whole connect flow (auth URL, consent, callback, finalize), and returns its id.
 */
export async function connectAccount(
  t: TestApp & { baseUrl: string },
  owner: TestCustomer,
  network: string,
  tenantId: string,
  emulatorUser?: string,
): Promise<string> {
  await t.app.get(RedirectUrlsService).add(owner.id, REDIRECT);
  const { session } = await connectUntilSession(t, owner.apiKey, {
    network,
    tenantId,
    redirectUri: REDIRECT,
    emulatorUser,
  });
  const pages = (
    await request(t.server)
      .get(`/api/v1/social-accounts/pending/${session}`)
      .set('Authorization', `Bearer ${owner.apiKey}`)
  ).body.data.availablePages;
  const finalized = await request(t.server)
    .post(`/api/v1/social-accounts/pending/${session}/finalize`)
    .set('Authorization', `Bearer ${owner.apiKey}`)
    .send({ selectedPageIds: [pages[0].id] });
  if (finalized.status !== 200 && finalized.status !== 201)
    throw new Error(`finalize answered ${finalized.status}: ${finalized.text}`);
  return finalized.body.data[0].id as string;
}
