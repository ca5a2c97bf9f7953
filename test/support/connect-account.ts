import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { RedirectUrlsService } from '../../src/customers/redirect-urls.service';
import { connectUntilSession } from './connect-flow';
import { TestApp, TestCustomer } from './test-app';

const REDIRECT = 'https://app.example.com/connected';

type EmulatedApp = TestApp & { baseUrl: string };

/** A connected account: our id for it and the network's id of the page or profile behind it. */
export interface ConnectedAccount {
  id: string;
  networkAccountId: string;
}

/**
 * Whose consent connects the account: an existing emulator test user (the emulator's default user
 * when neither is given), or a new one made for this connection alone (`true` names it), so that
 * the test's posts and faults touch no other test's account.
 */
export type ConnectAs =
  { emulatorUser?: string; freshUser?: never } | { freshUser: true | string; emulatorUser?: never };

/**
 * Makes an emulator test user with one Page (linked to an Instagram account), that Instagram
 * account and an X profile, all with the handle `id` spelt with underscores: one of each network's
 * pages to offer.
 */
export async function createEmulatorUser(t: EmulatedApp, id: string): Promise<void> {
  const handle = id.replace(/-/g, '_');
  const created = await fetch(`${t.baseUrl}/emulator/control/users`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      id,
      name: id,
      pages: [{ name: `${id} page`, instagram: { username: handle } }],
      instagram: { username: handle },
      x: { username: handle },
    }),
  });
  if (created.status !== 201)
    throw new Error(`The emulator refused the test user ${id} (${created.status}): ${await created.text()}`);
}

/**
 * Connects the first account the emulator offers on `network` for the customer's tenant, through
 * the whole connect flow (auth URL, consent, callback, finalize). A fresh user must be offered
 * exactly the one page it was made with.
 */
export async function connectAccount(
  t: EmulatedApp,
  owner: TestCustomer,
  network: string,
  tenantId: string,
  as: ConnectAs = {},
): Promise<ConnectedAccount> {
  let emulatorUser = as.emulatorUser;
  if (as.freshUser) {
    emulatorUser = as.freshUser === true ? `fresh-${randomBytes(6).toString('hex')}` : as.freshUser;
    await createEmulatorUser(t, emulatorUser);
  }
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
  ).body.data.availablePages as Array<{ id: string }>;
  if (as.freshUser && pages.length !== 1)
    throw new Error(`The fresh user ${emulatorUser} was offered ${pages.length} pages on ${network}, not 1`);
  const finalized = await request(t.server)
    .post(`/api/v1/social-accounts/pending/${session}/finalize`)
    .set('Authorization', `Bearer ${owner.apiKey}`)
    .send({ selectedPageIds: [pages[0]!.id] });
  if (finalized.status !== 200) throw new Error(`finalize answered ${finalized.status}: ${finalized.text}`);
  return { id: finalized.body.data[0].id as string, networkAccountId: pages[0]!.id };
}
