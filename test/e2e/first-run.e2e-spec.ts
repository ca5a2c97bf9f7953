import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { browse } from '../support/connect-flow';
import { freePort } from '../support/free-port';
import {
  assertServiceBuilt,
  childEnv,
  runCliProcess,
  startServiceProcess,
  untilHealthy,
} from '../support/service-process';

async function postgresAnswers(port: number): Promise<boolean> {
  const client = new Client({
    host: '127.0.0.1',
    port,
    user: 'postgres',
    database: 'postgres',
    connectionTimeoutMillis: 1000,
  });
  try {
    await client.connect();
    return true;
  } catch (error) {
    // A refused password still means the server is up; only a refused connection means it stopped.
    return (error as { code?: string }).code !== 'ECONNREFUSED';
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The README's promise, as a new user meets it: on a machine with nothing but Node, the service
 * starts its own PostgreSQL, the CLI makes a key, the key lists an empty account list, SIGTERM stops
 * everything cleanly, and the data is still there after a restart.
 */
describe('First run on a fresh machine (real processes, embedded PostgreSQL)', () => {
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let baseUrl: string;
  let pgPort: number;

  beforeAll(async () => {
    assertServiceBuilt();
    dataDir = mkdtempSync(join(tmpdir(), 'sps-first-run-'));
    chmodSync(dataDir, 0o755);
    pgPort = await freePort();
    const httpPort = await freePort();
    baseUrl = `http://127.0.0.1:${httpPort}`;
    env = childEnv({
      DATA_DIR: dataDir,
      EMBEDDED_DATABASE_PORT: String(pgPort),
      PORT: String(httpPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'info',
    });
  });

  it('starts, serves a key made with the CLI, stops on SIGTERM and keeps its data across a restart', async () => {
    const first = startServiceProcess(env);
    let key: string;
    try {
      await untilHealthy(baseUrl, first);
      expect(await (await fetch(`${baseUrl}/health`)).json()).toEqual({ status: 'ok', database: 'up' });

      await runCliProcess(env, 'customers', 'create', 'first-run');
      const created = (await runCliProcess(env, 'api-keys', 'create', '--customer', 'first-run')).trim().split('\n');
      key = created[created.length - 1]!;
      expect(key).toMatch(/^sps_[0-9A-Za-z]{40,44}$/);

      const response = await fetch(`${baseUrl}/api/v1/social-accounts?tenantId=tenant-1`, {
        headers: { Authorization: `Bearer ${key}` },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-request-id')).toMatch(/^req_/);
      expect(await response.json()).toEqual({ success: true, data: [], pagination: { nextCursor: null } });

      // With no network credentials at all, the emulator stands in and the whole connect flow works.
      await runCliProcess(env, 'redirect-urls', 'add', '--customer', 'first-run', 'https://app.example.com/connected');
      const authed = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
      const authUrl = await fetch(`${baseUrl}/api/v1/social-networks/x/auth-url`, {
        method: 'POST',
        headers: authed,
        body: JSON.stringify({ tenant_id: 'tenant-1', redirect_uri: 'https://app.example.com/connected' }),
      }).then((answer) => answer.json() as Promise<{ data: { auth_url: string } }>);
      const session = (await browse(authUrl.data.auth_url)).finalUrl.searchParams.get('session')!;
      const pending = await fetch(`${baseUrl}/api/v1/social-accounts/pending/${session}`, { headers: authed }).then(
        (answer) => answer.json() as Promise<{ data: { availablePages: Array<{ id: string }> } }>,
      );
      const finalized = await fetch(`${baseUrl}/api/v1/social-accounts/pending/${session}/finalize`, {
        method: 'POST',
        headers: authed,
        body: JSON.stringify({ selectedPageIds: [pending.data.availablePages[0]!.id] }),
      });
      expect(finalized.status).toBe(200);
      const listed = (await fetch(`${baseUrl}/api/v1/social-accounts?tenantId=tenant-1`, { headers: authed }).then(
        (answer) => answer.json(),
      )) as { data: unknown[] };
      expect(listed.data).toEqual([expect.objectContaining({ platform: 'x', status: 'active' })]);
      expect(first.output()).toContain('Simulated by the built-in network emulator');
    } finally {
      expect(await first.stop()).toBe(0);
    }
    expect(first.output()).toContain('Shutting down');
    expect(first.output()).not.toContain(key);
    const logLines = first
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'));
    expect(logLines.length).toBeGreaterThan(3);
    for (const line of logLines) expect(() => JSON.parse(line)).not.toThrow();
    expect(await postgresAnswers(pgPort)).toBe(false);

    const second = startServiceProcess(env);
    try {
      await untilHealthy(baseUrl, second);
      const again = await fetch(`${baseUrl}/api/v1/social-accounts?tenantId=tenant-1`, {
        headers: { Authorization: `Bearer ${key}` },
      });
      expect(again.status).toBe(200);
      expect(((await again.json()) as { data: unknown[] }).data).toHaveLength(1);
    } finally {
      expect(await second.stop()).toBe(0);
    }
  }, 180_000);
});
