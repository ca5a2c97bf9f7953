/**
 * `npm run bench`: the publishing pipeline's throughput and latency, and the account list against a
 * bare Fastify + pg reference, on this machine, with the built-in emulator answering at once.
 * A measurement, not a test: it prints figures and the targets beside them, and fails nothing.
 */
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { createApp } from '../../src/app.factory';
import { ApiKeysService } from '../../src/auth/api-keys.service';
import { loadConfig } from '../../src/config/load-config';
import { CustomersService } from '../../src/customers/customers.service';
import { RedirectUrlsService } from '../../src/customers/redirect-urls.service';
import { startLocalDatabase } from '../../src/database/embedded/local-database';
import { browse } from '../support/connect-flow';
import { freePort } from '../support/free-port';
import { startBareAccountList } from './bare-account-list';
import { closedLoop, openLoop, percentile, rssSampler } from './load';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 60);
const SUSTAIN_SECONDS = Number(process.env.BENCH_SUSTAIN_SECONDS ?? 60);
const REDIRECT = 'https://bench.example.com/cb';

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sps-bench-'));
  chmodSync(dataDir, 0o755);
  const postgres = await startLocalDatabase({ dataDir, port: await freePort() });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    DATABASE_URL: postgres.url,
    DATABASE_POOL_SIZE: '20',
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    PUBLIC_URL: baseUrl,
    NETWORK_EMULATOR: 'on',
    ALLOW_PRIVATE_URLS: 'true',
    WORKER_CONCURRENCY: '40',
  });
  const rss = rssSampler();
  const app = await createApp(config);
  await app.listen({ port, host: '127.0.0.1' });
  const db = new Client({ connectionString: postgres.url });
  await db.connect();

  try {
    const customer = await app.get(CustomersService).create('bench');
    const apiKey = (await app.get(ApiKeysService).create(customer.id, 'bench')).plaintext;
    await app.get(RedirectUrlsService).add(customer.id, REDIRECT);
    const headers = { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' };
    const control = (path: string, body: unknown, method = 'POST') =>
      fetch(`${baseUrl}/emulator/control${path}`, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    await control('/settings', { xDuplicateDetection: false }, 'PUT');

    // One emulated X profile per account: one account's deliveries run one at a time, so throughput comes from many accounts.
    const accountIds: string[] = [];
    for (let index = 0; index < ACCOUNTS; index += 1) {
      await control('/users', { id: `bench${index}`, name: `Bench ${index}`, x: { username: `bench_${index}` } });
      const authUrl = (await (
        await fetch(`${baseUrl}/api/v1/social-networks/x/auth-url`, { method: 'POST', headers, body: JSON.stringify({ tenant_id: 'bench', redirect_uri: REDIRECT }) })
      ).json()) as { data: { auth_url: string } };
      const session = (await browse(authUrl.data.auth_url, { emulatorUser: `bench${index}` })).finalUrl.searchParams.get('session')!;
      const pending = (await (await fetch(`${baseUrl}/api/v1/social-accounts/pending/${session}`, { headers })).json()) as { data: { availablePages: Array<{ id: string }> } };
      const finalized = (await (
        await fetch(`${baseUrl}/api/v1/social-accounts/pending/${session}/finalize`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ selectedPageIds: [pending.data.availablePages[0]!.id] }),
        })
      ).json()) as { data: Array<{ id: string }> };
      accountIds.push(finalized.data[0]!.id);
    }
    let sequence = 0;
    // Each post goes to the next account in turn: one account's deliveries run one at a time, so
    // the load must be spread over all of them to measure the pipeline rather than one queue.
    const nextAccount = () => accountIds[sequence % accountIds.length]!;
    const postOnce = async (account: string = nextAccount()) =>
      (
        await fetch(`${baseUrl}/api/v1/posts`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ tenant_id: 'bench', accounts: [account], containers: [{ content: `Bench post ${sequence++}` }] }),
        })
      ).status === 202;
    const settle = async () => {
      for (;;) {
        const { rows } = await db.query("SELECT count(*)::int AS n FROM deliveries WHERE status IN ('pending', 'publishing')");
        if (rows[0].n === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    };

    // 1. Accepted posts per second at 50 concurrent clients (10 s).
    const accepted = await closedLoop(50, 10, () => postOnce());
    const acceptedPerSecond = accepted.completed / accepted.seconds;
    await settle();

    // 2. Deliveries per second sustained: producers keep the queue full; count what gets published.
    const { rows: before } = await db.query("SELECT count(*)::int AS n FROM deliveries WHERE status = 'published'");
    const sustainStart = Date.now();
    const producing = closedLoop(20, SUSTAIN_SECONDS, () => postOnce());
    await producing;
    const sustainSeconds = (Date.now() - sustainStart) / 1000;
    const { rows: after } = await db.query("SELECT count(*)::int AS n FROM deliveries WHERE status = 'published'");
    const deliveriesPerSecond = (after[0].n - before[0].n) / sustainSeconds;
    await settle();

    // 3. End-to-end latency (POST accepted → delivery published) at 100 posts/s for 20 s, from the database's own clocks.
    const latencyFrom = new Date();
    await openLoop(100, 20, () => postOnce());
    await settle();
    const { rows: latencies } = await db.query(
      `SELECT extract(epoch FROM (d.published_at - p.created_at)) * 1000 AS ms FROM deliveries d JOIN posts p ON p.id = d.post_id
        WHERE p.created_at >= $1 AND d.status = 'published' ORDER BY 1`,
      [latencyFrom],
    );
    const sorted = latencies.map((row: { ms: string }) => Number(row.ms));

    // 4. The account list through the service against the bare reference (same key lookup and query).
    const bare = await startBareAccountList(postgres.url);
    const listService = await closedLoop(50, 5, async () => (await fetch(`${baseUrl}/api/v1/social-accounts?tenantId=bench`, { headers })).status === 200);
    const listBare = await closedLoop(50, 5, async () => (await fetch(`${bare.url}?tenantId=bench`, { headers })).status === 200);
    await bare.close();

    const serviceRps = listService.completed / listService.seconds;
    const bareRps = listBare.completed / listBare.seconds;
    const report = [
      ['accepted posts/s (50 clients)', acceptedPerSecond.toFixed(0), ''],
      [`deliveries/s sustained (${SUSTAIN_SECONDS} s)`, deliveriesPerSecond.toFixed(0), '≥ 300'],
      ['end-to-end p50 at 100 posts/s (ms)', percentile(sorted, 50).toFixed(0), '≤ 50'],
      ['end-to-end p99 at 100 posts/s (ms)', percentile(sorted, 99).toFixed(0), '≤ 250'],
      ['peak RSS of the service process (MB)', String(rss.peakMb()), '≤ 300'],
      ['account list req/s: service', serviceRps.toFixed(0), ''],
      ['account list req/s: bare Fastify + pg', bareRps.toFixed(0), ''],
      ['service / bare', (serviceRps / bareRps).toFixed(2), ''],
    ];
    console.log(`\nPublishing benchmark (${ACCOUNTS} X accounts on the emulator, ${require('node:os').cpus().length} cores)\n`);
    for (const [name, value, target] of report) console.log(`${name.padEnd(42)} ${value!.padStart(8)}   ${target}`);
    console.log(`\n(failed requests: accept ${accepted.failed}, list ${listService.failed}/${listBare.failed}; latency samples ${sorted.length})`);
  } finally {
    rss.stop();
    await db.end();
    await app.close();
    await postgres.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
