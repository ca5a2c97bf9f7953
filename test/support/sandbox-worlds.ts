import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { CustomerKeysService } from '../../src/auth/customer-keys.service';
import { connectUntilSession, startEmulatedApp } from './connect-flow';
import { createPost, settledPost } from './posts';
import { PostView } from '../../src/posts/dto/post.view';
import { capabilitiesOf, NETWORK_FIXTURES, publishableContainer, requiredPostOptions } from './network-cases';
import { TestedNetwork } from './networks';
import { TestApp, TestCustomer } from './test-app';

export type App = TestApp & { baseUrl: string };
export const NETWORKS = ['facebook', 'instagram', 'x'] as const;
export type Network = (typeof NETWORKS)[number];

/**
 * An instance of the service with no network emulated for live traffic and no network credentials
 * (as in production): test keys still connect and publish, through their test worlds.
 */
export function startSandboxInstance(
  databaseUrl: string,
  encryptionKey: string,
  env: Record<string, string> = {},
): Promise<App> {
  return startEmulatedApp({
    databaseUrl,
    env: { NETWORK_EMULATOR: 'off', ENCRYPTION_KEY: encryptionKey, ALLOW_PRIVATE_URLS: 'true', ...env },
  });
}

export const newEncryptionKey = (): string => randomBytes(32).toString('base64');

/** A test key in the live customer's test world, shaped like a TestCustomer for the helpers. */
export async function testWorldOf(t: TestApp, live: TestCustomer): Promise<TestCustomer> {
  const { key, plaintext, worldId } = await t.app.get(CustomerKeysService).create(live.id, 'test', 'sandbox');
  return { id: worldId, name: live.name, apiKey: plaintext, apiKeyId: key.id };
}

/** Calls the emulator's control API of an instance, with a key or without. */
export function control(
  t: App,
  path: string,
  options: { key?: string; method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Response> {
  return fetch(`${t.baseUrl}/emulator/control${path}`, {
    method: options.method ?? 'GET',
    headers: {
      ...(options.key ? { Authorization: `Bearer ${options.key}` } : {}),
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
}

/** Connects the first page or profile offered on a network; its service id and network id. */
export async function connectWorldAccount(
  t: App,
  caller: TestCustomer,
  network: TestedNetwork,
  tenantId: string,
  redirectUri: string,
): Promise<{ id: string; networkAccountId: string }> {
  const { session } = await connectUntilSession(t, caller.apiKey, { network, tenantId, redirectUri });
  const auth = { Authorization: `Bearer ${caller.apiKey}` };
  const pages = (await request(t.server).get(`/api/v1/social-accounts/pending/${session}`).set(auth)).body.data
    .availablePages as Array<{ id: string }>;
  // The first offered, or the one the network's fixture connects (a LinkedIn organization, not its member).
  const chosen = NETWORK_FIXTURES[network].offered?.connect(pages)[0] ?? pages[0]!;
  const finalized = await request(t.server)
    .post(`/api/v1/social-accounts/pending/${session}/finalize`)
    .set(auth)
    .send({ selectedPageIds: [chosen.id] });
  if (finalized.status !== 200) throw new Error(`finalize answered ${finalized.status}: ${finalized.text}`);
  return { id: finalized.body.data[0].id, networkAccountId: chosen.id };
}

/** Posts to one account and waits for the outcome; with the image where the network needs media. */
export async function publishTo(
  t: App,
  caller: TestCustomer,
  tenantId: string,
  network: TestedNetwork,
  accountId: string,
  content: string,
  imageUrl: string,
): Promise<PostView> {
  const document = await capabilitiesOf(t, caller.apiKey, network);
  const containers = [publishableContainer(document, content, () => imageUrl)];
  const accepted = await createPost(t, caller, {
    tenant_id: tenantId,
    accounts: [accountId],
    containers,
    options: requiredPostOptions(network),
  });
  if (accepted.status !== 202) throw new Error(`POST /posts answered ${accepted.status}: ${accepted.text}`);
  return settledPost(t, caller, accepted.body.data.id);
}
