import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { RedirectUrlsService } from '../../src/customers/redirect-urls.service';
import { connectUntilSession } from './connect-flow';
import { NETWORK_FIXTURES } from './network-cases';
import { TESTED_NETWORKS, TestedNetwork } from './networks';
import { TestApp, TestCustomer } from './test-app';

const DEFAULT_REDIRECT = 'https://app.example.com/connected';

type EmulatedApp = TestApp & { baseUrl: string };

/**
 * A connected account: our id for it, the network's id of the page or profile behind it, and its
 * handle and display name as finalize answered them.
 */
export interface ConnectedAccount {
  id: string;
  networkAccountId: string;
  username: string;
  nickname: string;
}

/**
 * Whose consent connects the account: an existing emulator test user (the emulator's default user
 * when neither is given), or a new one made for this connection alone (`true` names it), so that
 * the test's posts and faults touch no other test's account.
 */
export type ConnectAs =
  { emulatorUser?: string; freshUser?: never } | { freshUser: true | string; emulatorUser?: never };

/**
 * How to connect: as whom, and through which redirect URL (added to the customer's allowed ones
 * first; `https://app.example.com/connected` unless a test needs its own, e.g. to show it).
 */
export type ConnectOptions = ConnectAs & {
  redirectUri?: string;
  /** Permissions the user declines in the network's dialog (Facebook, Instagram). */
  decline?: string[];
};

/** A page or profile the network offers in the pending session. */
export interface OfferedPage {
  id: string;
}

/**
 * Makes an emulator test user with one page or profile on each tested network (a Facebook Page
 * linked to an Instagram account, that Instagram account, an X profile, a Threads profile: each
 * network's fixture says what), all with the handle `id` spelt with underscores.
 */
export async function createEmulatorUser(t: Pick<EmulatedApp, 'baseUrl'>, id: string): Promise<void> {
  const handle = id.replace(/-/g, '_');
  const parts = TESTED_NETWORKS.map((network) => NETWORK_FIXTURES[network].testUser(id, handle));
  const created = await fetch(`${t.baseUrl}/emulator/control/users`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(Object.assign({ id, name: id }, ...parts)),
  });
  if (created.status !== 201)
    throw new Error(`The emulator refused the test user ${id} (${created.status}): ${await created.text()}`);
}

/**
 * Connects the first account the emulator offers on `network` for the customer's tenant, through
 * the whole connect flow (auth URL, consent, callback, finalize). A fresh user must be offered
 * exactly the one page it was made with (or the ones its network's fixture says, one of which is
 * connected).
 */
export async function connectAccount(
  t: EmulatedApp,
  owner: TestCustomer,
  network: string,
  tenantId: string,
  options: ConnectOptions = {},
): Promise<ConnectedAccount> {
  const fresh = options.freshUser ? NETWORK_FIXTURES[network as TestedNetwork]?.offered : undefined;
  const [account] = await connectAccounts(t, owner, network, tenantId, {
    ...options,
    choose: (offered) => (fresh ? fresh.connect(offered) : offered.slice(0, 1)),
  });
  return account!;
}

/**
 * Like connectAccount, for tests that need other pages than the first or several in one finalize
 * (so connected at the same instant): `choose` picks them from those offered, in the order offered.
 * The accounts come back in the order chosen.
 */
export async function connectAccounts(
  t: EmulatedApp,
  owner: TestCustomer,
  network: string,
  tenantId: string,
  options: ConnectOptions & { choose: (offered: OfferedPage[]) => OfferedPage[] },
): Promise<ConnectedAccount[]> {
  let emulatorUser = options.emulatorUser;
  if (options.freshUser) {
    emulatorUser = options.freshUser === true ? `fresh-${randomBytes(6).toString('hex')}` : options.freshUser;
    await createEmulatorUser(t, emulatorUser);
  }
  const redirectUri = options.redirectUri ?? DEFAULT_REDIRECT;
  await t.app.get(RedirectUrlsService).add(owner.id, redirectUri);
  const { session } = await connectUntilSession(t, owner.apiKey, {
    network,
    tenantId,
    redirectUri,
    emulatorUser,
    decline: options.decline,
  });
  const offered = (
    await request(t.server)
      .get(`/api/v1/social-accounts/pending/${session}`)
      .set('Authorization', `Bearer ${owner.apiKey}`)
  ).body.data.availablePages as OfferedPage[];
  const expected = options.freshUser ? (NETWORK_FIXTURES[network as TestedNetwork]?.offered?.count ?? 1) : undefined;
  if (expected !== undefined && offered.length !== expected)
    throw new Error(
      `The fresh user ${emulatorUser} was offered ${offered.length} pages on ${network}, not ${expected}`,
    );
  const chosen = options.choose(offered);
  if (chosen.length === 0) throw new Error(`None of the ${offered.length} pages offered on ${network} was chosen`);
  const finalized = await request(t.server)
    .post(`/api/v1/social-accounts/pending/${session}/finalize`)
    .set('Authorization', `Bearer ${owner.apiKey}`)
    .send({ selectedPageIds: chosen.map((page) => page.id) });
  if (finalized.status !== 200) throw new Error(`finalize answered ${finalized.status}: ${finalized.text}`);
  const accounts = finalized.body.data as Array<{ id: string; username: string; nickname: string }>;
  return accounts.map((account, index) => ({
    id: account.id,
    networkAccountId: chosen[index]!.id,
    username: account.username,
    nickname: account.nickname,
  }));
}
