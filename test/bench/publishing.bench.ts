/**
 * `npm run bench`: the publishing pipeline's throughput and latency, and the account list against a
 * bare Fastify + pg reference, on this machine, with the network emulator answering at once. The
 * emulator runs as a process of its own (`npm run emulator`): it stands in for the networks, so its
 * memory and event loop are not the service's (the machine's cores are still shared with it).
 * The service runs as users run it: built (`npm run build`), as its own processes (by default one
 * ROLE=all process, what `npm start` runs; BENCH_PROCESSES=split runs an API process and a worker
 * process), so the load generator here does not share their event loop.
 * A measurement, not a test: it prints figures and the targets beside them, and fails nothing.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { startLocalDatabase } from '../../src/database/embedded/local-database';
import { browse } from '../support/connect-flow';
import { freePort } from '../support/free-port';
import { buildService, childEnv, runCliProcess, ServiceProcess, startServiceProcess } from '../support/service-process';
import { postmasterPid, treeCpuMs } from './cpu-time';
import { closedLoop, openLoop, percentile } from './load';

const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 60);
const SUSTAIN_SECONDS = Number(process.env.BENCH_SUSTAIN_SECONDS ?? 60);
// One ROLE=all process is what `npm start` runs; split is an API process and a worker process.
const PROCESSES = process.env.BENCH_PROCESSES === 'split' ? 'split' : 'one';
const WORKER_CONCURRENCY = process.env.BENCH_WORKER_CONCURRENCY ?? '40';
// BENCH_ONLY=drain measures only the worker's drain (and its CPU per delivery): quicker to iterate on.
const ONLY_DRAIN = process.env.BENCH_ONLY === 'drain';
const PG_STATS = process.env.BENCH_PG_STATS === '1';
const REDIRECT = 'https://bench.example.com/cb';
const TARGET_DELIVERIES_PER_SECOND = 300;

/** The most memory a process has held (Linux's VmHWM), in MB. */
function peakRssMb(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : NaN;
}

/** Spawns a helper process and waits for the line saying where it listens; resolves with what `listening` captured. */
async function spawnListening(args: string[], env: NodeJS.ProcessEnv, listening: RegExp, what: string): Promise<{ found: string; child: ChildProcess }> {
  const child = spawn(process.execPath, args, { cwd: join(__dirname, '..', '..'), env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const found = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const match = listening.exec(chunk.toString());
      if (match) resolve(match[1]!);
    });
    child.once('exit', () => reject(new Error(`${what} exited`)));
  });
  return { found, child };
}

async function startBareProcess(databaseUrl: string): Promise<{ url: string; child: ChildProcess }> {
  const { found: port, child } = await spawnListening(
    ['-r', 'ts-node/register/transpile-only', join(__dirname, 'bare-account-list.ts')],
    { DATABASE_URL: databaseUrl },
    /listening (\d+)/,
    'The bare reference',
  );
  return { url: `http://127.0.0.1:${port}/accounts`, child };
}

/** The network emulator as a process of its own (dist/src/emulator/main.js), accepting the service's callbacks. */
async function startEmulatorProcess(serviceUrl: string): Promise<{ url: string; child: ChildProcess }> {
  const { found: url, child } = await spawnListening(['dist/src/emulator/main.js'], { EMULATOR_PORT: '0', EMULATOR_SERVICE_URL: serviceUrl }, /listening at (\S+)/, 'The emulator');
  return { url, child };
}

/**
 * Waits (up to a minute, or timeoutMs) for a condition while the services are up, checking it every
 * pollMs: a condition that counts deliveries scans the table, load the bench must keep small.
 */
async function until(condition: () => Promise<boolean>, services: ServiceProcess[], timeoutMs = 60_000, pollMs = 200): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition().catch(() => false))) {
    const exited = services.find((service) => service.child.exitCode !== null);
    if (exited) throw new Error(`A service process exited:\n${exited.output()}`);
    if (Date.now() > deadline) throw new Error(`The services did not come up:\n${services.map((service) => service.output()).join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

async function main(): Promise<void> {
  await buildService();
  const dataDir = mkdtempSync(join(tmpdir(), 'sps-bench-'));
  chmodSync(dataDir, 0o755);
  const databasePort = await freePort();
  let postgres = await startLocalDatabase({ dataDir, port: databasePort });
  // BENCH_PG_STATS=1: PostgreSQL loads pg_stat_statements, and the drain's top statements are printed.
  if (PG_STATS) {
    const admin = new Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query("ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'");
    await admin.query("ALTER SYSTEM SET pg_stat_statements.track_planning = 'on'");
    await admin.end();
    await postgres.stop();
    postgres = await startLocalDatabase({ dataDir, port: databasePort });
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const emulator = await startEmulatorProcess(baseUrl);
  const env = childEnv({
    NODE_ENV: 'development',
    LOG_LEVEL: 'error',
    DATABASE_URL: postgres.url,
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    PUBLIC_URL: baseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    NETWORK_EMULATOR: 'on',
    NETWORK_EMULATOR_URL: emulator.url,
    ALLOW_PRIVATE_URLS: 'true',
    RATE_LIMIT_PER_SECOND: '0', // the bench measures throughput with one key: no per-key rate limit
  });
  // BENCH_PROFILE=dir writes a CPU profile of each service process there when it stops.
  // BENCH_NODE_ARGS="--flag …" adds Node options to the service processes (to try a V8 setting).
  const nodeArgs = [
    ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []),
    ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
  ];
  const startWorker = () => startServiceProcess({ ...env, ROLE: 'worker', DATABASE_POOL_SIZE: '20', WORKER_CONCURRENCY }, nodeArgs);
  const startAll = () => startServiceProcess({ ...env, ROLE: 'all', DATABASE_POOL_SIZE: '20', WORKER_CONCURRENCY }, nodeArgs);
  const services: ServiceProcess[] =
    PROCESSES === 'one' ? [startAll()] : [startServiceProcess({ ...env, ROLE: 'api', DATABASE_POOL_SIZE: '20' }, nodeArgs), startWorker()];
  // The peak RSS of the processes that ran jobs and were replaced (see 4.).
  const drainerPeaksMb: number[] = [];
  const db = new Client({ connectionString: postgres.url });
  await db.connect();
  let bare: { url: string; child: ChildProcess } | undefined;

  try {
    await until(async () => (await fetch(`${baseUrl}/health`).catch(() => undefined))?.status === 200, services);
    await until(async () => (await db.query('SELECT count(*)::int AS n FROM worker_heartbeats')).rows[0].n > 0, services);
    await runCliProcess(env, 'customers', 'create', 'bench');
    const apiKey = (await runCliProcess(env, 'api-keys', 'create', '--customer', 'bench')).split('\n').find((line) => line.startsWith('sps_'))!.trim();
    await runCliProcess(env, 'redirect-urls', 'add', '--customer', 'bench', REDIRECT);
    const headers = { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' };
    const control = (path: string, body: unknown, method = 'POST') =>
      fetch(`${emulator.url}/control${path}`, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
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
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    };

    // 1. Accepted posts per second at 50 concurrent clients (10 s).
    const accepted = ONLY_DRAIN ? { completed: NaN, failed: 0, seconds: 1 } : await closedLoop(50, 10, () => postOnce());
    const acceptedPerSecond = accepted.completed / accepted.seconds;
    await settle();

    // 2. Deliveries per second sustained: producers keep the queue full; count what gets published.
    let deliveriesPerSecond = NaN;
    if (!ONLY_DRAIN) {
      const { rows: before } = await db.query("SELECT count(*)::int AS n FROM deliveries WHERE status = 'published'");
      const sustainStart = Date.now();
      await closedLoop(20, SUSTAIN_SECONDS, () => postOnce());
      const sustainSeconds = (Date.now() - sustainStart) / 1000;
      const { rows: after } = await db.query("SELECT count(*)::int AS n FROM deliveries WHERE status = 'published'");
      deliveriesPerSecond = (after[0].n - before[0].n) / sustainSeconds;
      await settle();
    }

    // 3. End-to-end latency (POST accepted → delivery published) at 100 posts/s for 20 s, from the database's own clocks.
    let sorted: number[] = [];
    if (!ONLY_DRAIN) {
      const latencyFrom = new Date();
      await openLoop(100, 20, () => postOnce());
      await settle();
      const { rows: latencies } = await db.query(
        `SELECT extract(epoch FROM (d.published_at - p.created_at)) * 1000 AS ms FROM deliveries d JOIN posts p ON p.id = d.post_id
          WHERE p.created_at >= $1 AND d.status = 'published' ORDER BY 1`,
        [latencyFrom],
      );
      sorted = latencies.map((row: { ms: string }) => Number(row.ms));
    }

    // 4. The worker's own rate: a backlog is accepted while nothing runs jobs, then a new process
    // drains it; deliveries/s over SUSTAIN_SECONDS from its first publish, from the database's
    // clocks. Producers alone (2.) cannot offer more than the API accepts.
    let drainPerSecond: number;
    let cpuPerDelivery: { worker: number; api: number; emulator: number; postgres: number };
    const postgresPid = postmasterPid(join(dataDir, 'postgres'));
    // The drainer is the process that runs jobs: the worker (split), or the one ROLE=all process.
    const cpuNow = () => {
      const drainer = services[services.length - 1]!;
      return {
        api: PROCESSES === 'split' ? treeCpuMs(services[0]!.child.pid!) : 0,
        worker: treeCpuMs(drainer.child.pid!),
        emulator: treeCpuMs(emulator.child.pid!),
        postgres: treeCpuMs(postgresPid),
      };
    };
    // The backlog is accepted while nothing runs jobs: split stops its worker; one process is
    // replaced meanwhile by an API-only process, which is stopped before a new ROLE=all one drains.
    const backlog = TARGET_DELIVERIES_PER_SECOND * SUSTAIN_SECONDS;
    {
      const oldDrainer = services.pop()!;
      drainerPeaksMb.push(peakRssMb(oldDrainer.child.pid!));
      await oldDrainer.stop();
      const acceptor = PROCESSES === 'one' ? startServiceProcess({ ...env, ROLE: 'api', DATABASE_POOL_SIZE: '20' }, nodeArgs) : undefined;
      if (acceptor) await until(async () => (await fetch(`${baseUrl}/health`).catch(() => undefined))?.status === 200, [acceptor]);
      let offered = 0;
      await Promise.all(
        Array.from({ length: 50 }, async () => {
          while (offered < backlog) {
            offered += 1;
            await postOnce();
          }
        }),
      );
      await acceptor?.stop();
      const { rows: since } = await db.query('SELECT now() AS at');
      services.push(PROCESSES === 'one' ? startAll() : startWorker());
      await until(async () => (await db.query("SELECT count(*)::int AS n FROM deliveries WHERE status = 'published' AND published_at >= $1", [since[0].at])).rows[0].n > 0, services);
      const { rows: first } = await db.query('SELECT min(published_at) AS at FROM deliveries WHERE published_at >= $1', [since[0].at]);
      const windowEnd = new Date(first[0].at.getTime() + SUSTAIN_SECONDS * 1000);
      // CPU per delivery, from the worker's first publish to the end of the window: a figure that
      // holds when the machine is busy with something else, where rates do not.
      if (PG_STATS) await db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements; SELECT pg_stat_statements_reset()');
      const cpuStart = { at: (await db.query('SELECT now() AS at')).rows[0].at as Date, ...cpuNow() };
      await until(async () => Date.now() >= windowEnd.getTime() + 1000 || (await db.query("SELECT count(*)::int AS n FROM deliveries WHERE status IN ('pending', 'publishing')")).rows[0].n === 0, services, (SUSTAIN_SECONDS + 120) * 1000, 1000);
      const cpuEnd = cpuNow();
      if (PG_STATS) {
        const { rows: statements } = await db.query(
          `SELECT calls, round(total_exec_time::numeric, 0) AS total_ms, round(mean_exec_time::numeric, 3) AS mean_ms, round(mean_plan_time::numeric, 3) AS plan_ms, wal_records AS wal, left(regexp_replace(query, '\\s+', ' ', 'g'), 110) AS query
             FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT 15`,
        );
        console.table(statements);
      }
      const { rows: inCpuWindow } = await db.query('SELECT count(*)::int AS n FROM deliveries WHERE published_at >= $1', [cpuStart.at]);
      cpuPerDelivery = {
        worker: (cpuEnd.worker - cpuStart.worker) / inCpuWindow[0].n,
        api: (cpuEnd.api - cpuStart.api) / inCpuWindow[0].n,
        emulator: (cpuEnd.emulator - cpuStart.emulator) / inCpuWindow[0].n,
        postgres: (cpuEnd.postgres - cpuStart.postgres) / inCpuWindow[0].n,
      };
      const { rows: drained } = await db.query(
        'SELECT count(*)::int AS n, extract(epoch FROM max(published_at) - min(published_at)) AS seconds FROM deliveries WHERE published_at >= $1 AND published_at <= $2',
        [first[0].at, windowEnd],
      );
      // A backlog drained before the window's end is measured over the time it took.
      drainPerSecond = drained[0].n / Math.max(1, Math.min(SUSTAIN_SECONDS, Number(drained[0].seconds)));
      await settle();
      await until(async () => (await fetch(`${baseUrl}/health`).catch(() => undefined))?.status === 200, services);
    }

    // 5. The account list through the service against the bare reference (same key lookup and query).
    bare = await startBareProcess(postgres.url);
    const bareUrl = bare.url;
    const listService = await closedLoop(50, 5, async () => (await fetch(`${baseUrl}/api/v1/social-accounts?tenantId=bench`, { headers })).status === 200);
    const listBare = await closedLoop(50, 5, async () => (await fetch(`${bareUrl}?tenantId=bench`, { headers })).status === 200);

    const serviceRps = listService.completed / listService.seconds;
    const bareRps = listBare.completed / listBare.seconds;
    const report = [
      ['accepted posts/s (50 clients)', acceptedPerSecond.toFixed(0), ''],
      [`deliveries/s with 20 producers (${SUSTAIN_SECONDS} s)`, deliveriesPerSecond.toFixed(0), ''],
      [`deliveries/s draining ${backlog} (${SUSTAIN_SECONDS} s)`, drainPerSecond.toFixed(0), `≥ ${TARGET_DELIVERIES_PER_SECOND}`],
      ['end-to-end p50 at 100 posts/s (ms)', percentile(sorted, 50).toFixed(0), '≤ 50'],
      ['end-to-end p99 at 100 posts/s (ms)', percentile(sorted, 99).toFixed(0), '≤ 250'],
      [
        `peak RSS of the service (MB, ${PROCESSES === 'split' ? 'API + worker' : 'one process'})`,
        String((PROCESSES === 'split' ? peakRssMb(services[0]!.child.pid!) : 0) + Math.max(peakRssMb(services[services.length - 1]!.child.pid!), ...drainerPeaksMb)),
        '≤ 300',
      ],
      ['CPU ms per delivery: the process running jobs', cpuPerDelivery.worker.toFixed(2), ''],
      ['CPU ms per delivery: API process', PROCESSES === 'split' ? cpuPerDelivery.api.toFixed(2) : 'n/a', ''],
      ['CPU ms per delivery: emulator (not the service)', cpuPerDelivery.emulator.toFixed(2), ''],
      ['CPU ms per delivery: PostgreSQL', cpuPerDelivery.postgres.toFixed(2), ''],
      ['account list req/s: service', serviceRps.toFixed(0), ''],
      ['account list req/s: bare Fastify + pg', bareRps.toFixed(0), ''],
      ['service / bare', (serviceRps / bareRps).toFixed(2), ''],
    ];
    console.log(`\nPublishing benchmark (${ACCOUNTS} X accounts on the emulator, ${require('node:os').cpus().length} cores, service processes: ${PROCESSES})\n`);
    for (const [name, value, target] of report) console.log(`${name.padEnd(42)} ${value!.padStart(8)}   ${target}`);
    console.log(`\n(failed requests: accept ${accepted.failed}, list ${listService.failed}/${listBare.failed}; latency samples ${sorted.length})`);
  } finally {
    bare?.child.kill('SIGTERM');
    emulator.child.kill('SIGTERM');
    await db.end();
    await Promise.all(services.map((service) => service.stop()));
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
