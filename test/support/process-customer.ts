import { randomBytes } from 'node:crypto';
import { browse } from './connect-flow';
import { childEnv, runCliProcess } from './service-process';

/**
 * For tests that run the service as real processes (API and workers sharing only a database): the
 * environment they share, a customer made with the CLI as an operator would, and an X profile
 * connected through the HTTP API as a customer's backend would.
 */
export function processEnv(databaseUrl: string, port: number, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return childEnv({
    DATABASE_URL: databaseUrl,
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    HOST: '127.0.0.1',
    PORT: String(port),
    NETWORK_EMULATOR: 'on',
    ALLOW_PRIVATE_URLS: 'true',
    LOG_LEVEL: 'info',
    ...extra,
  });
}

/** A customer with an API key and one allowed redirect URL, by the CLI; the headers that key's calls carry. */
export async function cliCustomer(
  env: NodeJS.ProcessEnv,
  name: string,
  redirectUrl: string,
): Promise<Record<string, string>> {
  await runCliProcess(env, 'customers', 'create', name);
  const key = (await runCliProcess(env, 'api-keys', 'create', '--customer', name)).trim().split('\n').pop()!;
  await runCliProcess(env, 'redirect-urls', 'add', '--customer', name, redirectUrl);
  return { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
}

async function json<T>(response: Promise<Response>): Promise<T> {
  return (await (await response).json()) as T;
}

/** Connects the emulator's first X profile to tenant `t` through auth-url, consent and finalize: its ids, and the connect session's. */
export async function connectXOverHttp(
  baseUrl: string,
  headers: Record<string, string>,
  redirectUrl: string,
): Promise<{ accountId: string; profileId: string; session: string }> {
  const authUrl = await json<{ data: { auth_url: string } }>(
    fetch(`${baseUrl}/api/v1/social-networks/x/auth-url`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ tenant_id: 't', redirect_uri: redirectUrl }),
    }),
  );
  const session = (await browse(authUrl.data.auth_url)).finalUrl.searchParams.get('session')!;
  const pending = await json<{ data: { availablePages: Array<{ id: string }> } }>(
    fetch(`${baseUrl}/api/v1/social-accounts/pending/${session}`, { headers }),
  );
  const profileId = pending.data.availablePages[0]!.id;
  const finalized = await json<{ data: Array<{ id: string }> }>(
    fetch(`${baseUrl}/api/v1/social-accounts/pending/${session}/finalize`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ selectedPageIds: [profileId] }),
    }),
  );
  return { accountId: finalized.data[0]!.id, profileId, session };
}
