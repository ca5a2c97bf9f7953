/**
 * A customer of the service as the bench plays it: created with the operator CLI, connecting
 * accounts through the real connect flow (auth-url, the emulator's consent page, our callback, the
 * pending session, finalize) and publishing through the API.
 */
import { browse } from '../support/connect-flow';
import { runCliProcess } from '../support/service-process';
import { BenchStack } from './bench-stack';

const REDIRECT = 'https://bench.example.com/cb';
/** The emulator's limit on one test user's Pages (parse-test-user.ts); finalize takes up to 100 ids. */
export const PAGES_PER_EMULATED_USER = 20;

export interface BenchCustomer {
  name: string;
  tenantId: string;
  headers: Record<string, string>;
}

export async function createCustomer(stack: BenchStack, name: string): Promise<BenchCustomer> {
  await runCliProcess(stack.env, 'customers', 'create', name);
  const apiKey = (await runCliProcess(stack.env, 'api-keys', 'create', '--customer', name))
    .split('\n')
    .find((line) => line.startsWith('sps_'))!
    .trim();
  await runCliProcess(stack.env, 'redirect-urls', 'add', '--customer', name, REDIRECT);
  return {
    name,
    tenantId: 'bench',
    headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
  };
}

async function api<T>(stack: BenchStack, customer: BenchCustomer, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${stack.baseUrl}/api/v1${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: customer.headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status >= 300) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

/** One emulated user through the connect flow on `network`, finalizing every page or profile offered; the account ids. */
async function connectUser(
  stack: BenchStack,
  customer: BenchCustomer,
  network: 'x' | 'facebook',
  emulatorUser: string,
): Promise<string[]> {
  const { auth_url: authUrl } = await api<{ auth_url: string }>(
    stack,
    customer,
    `/social-networks/${network}/auth-url`,
    { tenant_id: customer.tenantId, redirect_uri: REDIRECT },
  );
  const session = (await browse(authUrl, { emulatorUser })).finalUrl.searchParams.get('session')!;
  const pending = await api<{ availablePages: Array<{ id: string }> }>(
    stack,
    customer,
    `/social-accounts/pending/${session}`,
  );
  const finalized = await api<Array<{ id: string }>>(stack, customer, `/social-accounts/pending/${session}/finalize`, {
    selectedPageIds: pending.availablePages.map((page) => page.id),
  });
  return finalized.map((account) => account.id);
}

/** Runs `work` for 0…count-1 with at most `parallel` at once, in order of start. */
async function inParallel<T>(count: number, parallel: number, work: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, count) }, async () => {
      while (next < count) {
        const index = next++;
        results[index] = await work(index);
      }
    }),
  );
  return results;
}

/**
 * One emulated X profile per account, connected one by one (a user has one X profile): fine for
 * the tens of accounts most modes need. The ids, in connection order.
 */
export async function connectXAccounts(
  stack: BenchStack,
  customer: BenchCustomer,
  count: number,
  parallel = 1,
): Promise<string[]> {
  const accounts = await inParallel(count, parallel, async (index) => {
    const user = `${customer.name}-x${index}`;
    await stack.control('/users', {
      id: user,
      name: `Bench ${index}`,
      x: { username: `${customer.name.replace(/\W/g, '_')}_${index}`.slice(0, 30) },
    });
    return connectUser(stack, customer, 'x', user);
  });
  return accounts.flat();
}

/**
 * Facebook Pages, PAGES_PER_EMULATED_USER per emulated user, each user connected (all of its Pages
 * finalized at once) through the flow, `parallel` users at a time: how tens of thousands of accounts
 * are seeded without a shortcut past the service. `firstUser` numbers the users so that a later call
 * adds to an earlier one. The ids, in connection order.
 */
export async function connectFacebookPages(
  stack: BenchStack,
  customer: BenchCustomer,
  count: number,
  options: { parallel: number; firstUser?: number; progress?: (connected: number) => void },
): Promise<string[]> {
  // The service reads /me/accounts without a limit: the emulator's page size (2 by default, to
  // exercise paging) would make each connect walk ten pages of results.
  await stack.control('/settings', { facebookPageSize: PAGES_PER_EMULATED_USER }, 'PUT');
  const users = Math.ceil(count / PAGES_PER_EMULATED_USER);
  let connected = 0;
  const accounts = await inParallel(users, options.parallel, async (index) => {
    const number = (options.firstUser ?? 0) + index;
    const user = `${customer.name}-fb${number}`;
    const pages = Math.min(PAGES_PER_EMULATED_USER, count - index * PAGES_PER_EMULATED_USER);
    await stack.control('/users', {
      id: user,
      name: `Bench ${number}`,
      pages: Array.from({ length: pages }, (_, page) => ({ name: `Bench ${number} page ${page}` })),
    });
    const ids = await connectUser(stack, customer, 'facebook', user);
    connected += ids.length;
    options.progress?.(connected);
    return ids;
  });
  return accounts.flat();
}

/** The most accounts one post may name (CreatePostBody). */
export const ACCOUNTS_PER_POST = 50;

/** POST /posts to the accounts; true when accepted (202). */
export async function publish(
  stack: BenchStack,
  customer: BenchCustomer,
  accounts: string[],
  content: string,
): Promise<boolean> {
  const response = await fetch(`${stack.baseUrl}/api/v1/posts`, {
    method: 'POST',
    headers: customer.headers,
    body: JSON.stringify({ tenant_id: customer.tenantId, accounts, containers: [{ content }] }),
  });
  if (response.status === 202) {
    await response.arrayBuffer();
    return true;
  }
  // The first refusal of each status says why, so a failed run can be understood.
  if (!refusalsShown.has(response.status)) {
    refusalsShown.add(response.status);
    console.error(`POST /posts answered ${response.status}: ${(await response.text()).slice(0, 500)}`);
  } else await response.arrayBuffer();
  return false;
}

const refusalsShown = new Set<number>();

/** Posts until `total` were offered, `clients` at a time; `post(index)` sends the index-th. */
export async function offer(
  total: number,
  clients: number,
  post: (index: number) => Promise<boolean>,
): Promise<number> {
  let offered = 0;
  let refused = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (offered < total) {
        const index = offered++;
        if (!(await post(index).catch(() => false))) refused += 1;
      }
    }),
  );
  return refused;
}

/** PUT /webhooks: the customer's receiver. */
export async function setWebhook(stack: BenchStack, customer: BenchCustomer, url: string): Promise<void> {
  const response = await fetch(`${stack.baseUrl}/api/v1/webhooks`, {
    method: 'PUT',
    headers: customer.headers,
    body: JSON.stringify({ url, webhook_secret: 'bench-webhook-secret-0123456789' }),
  });
  if (response.status !== 200) throw new Error(`PUT /webhooks answered ${response.status}: ${await response.text()}`);
}
