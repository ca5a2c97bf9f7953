/**
 * What every bench mode runs against: a fresh embedded PostgreSQL, the network emulator as a process
 * of its own (`npm run emulator`), and the built service as its own processes, started as `npm start`
 * starts it (by default one ROLE=all process; BENCH_PROCESSES=split runs an API process and a worker
 * process), so the load generator in the bench process shares no event loop with them.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { startLocalDatabase } from '../../src/database/embedded/local-database';
import { freePort } from '../support/free-port';
import { buildService, childEnv, ServiceProcess, startServiceProcess } from '../support/service-process';
import { postmasterPid, treeCpuMs } from './cpu-time';

export type ProcessLayout = 'one' | 'split';

export interface BenchStackOptions {
  layout: ProcessLayout;
  workerConcurrency: string;
  /** PostgreSQL loads pg_stat_statements (a restart), for modes that print the top statements. */
  pgStats: boolean;
  /** pg_stat_statements also counts the statements run inside functions (the claim's own queries). */
  pgStatsNested?: boolean;
  /** Settings for every service process on top of the bench's own (e.g. WEBHOOK_TIMEOUT_MS). */
  serviceEnv?: Record<string, string>;
}

/** CPU ms used so far by each side, for per-delivery figures over a window. */
export interface CpuSample {
  api: number;
  worker: number;
  emulator: number;
  postgres: number;
}

/** The most memory a process has held (Linux's VmHWM), in MB. */
export function peakRssMb(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : NaN;
}

/** Spawns a helper process and waits for the line saying where it listens; resolves with what `listening` captured. */
export async function spawnListening(
  args: string[],
  env: NodeJS.ProcessEnv,
  listening: RegExp,
  what: string,
): Promise<{ found: string; child: ChildProcess }> {
  const child = spawn(process.execPath, args, {
    cwd: join(__dirname, '..', '..'),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const found = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const match = listening.exec(chunk.toString());
      if (match) resolve(match[1]!);
    });
    child.once('exit', () => reject(new Error(`${what} exited`)));
  });
  return { found, child };
}

/** The network emulator as a process of its own (dist/src/emulator/main.js), accepting the service's callbacks. */
async function startEmulatorProcess(serviceUrl: string): Promise<{ url: string; child: ChildProcess }> {
  // BENCH_EMULATOR_NODE_ARGS: Node options for the emulator (e.g. --cpu-prof --cpu-prof-dir=<dir> to see where it spends).
  const nodeArgs = (process.env.BENCH_EMULATOR_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const { found: url, child } = await spawnListening(
    [...nodeArgs, 'dist/src/emulator/main.js'],
    { EMULATOR_PORT: '0', EMULATOR_SERVICE_URL: serviceUrl },
    /listening at (\S+)/,
    'The emulator',
  );
  return { url, child };
}

/**
 * Waits (up to a minute, or timeoutMs) for a condition while the services are up, checking it every
 * pollMs: a condition that counts deliveries scans the table, load the bench must keep small.
 */
export async function until(
  condition: () => Promise<boolean>,
  services: ServiceProcess[],
  timeoutMs = 60_000,
  pollMs = 200,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition().catch(() => false))) {
    const exited = services.find((service) => service.child.exitCode !== null);
    if (exited) throw new Error(`A service process exited:\n${exited.output()}`);
    if (Date.now() > deadline)
      throw new Error(`The services did not come up:\n${services.map((service) => service.output()).join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

export class BenchStack {
  /** The running service processes; the last one is the drainer (the one that runs jobs). */
  readonly services: ServiceProcess[] = [];
  readonly postgresPid: number;

  private constructor(
    readonly layout: ProcessLayout,
    readonly db: Client,
    readonly databaseUrl: string,
    readonly baseUrl: string,
    readonly emulator: { url: string; child: ChildProcess },
    readonly env: NodeJS.ProcessEnv,
    private readonly nodeArgs: string[],
    private readonly workerConcurrency: string,
    dataDir: string,
    private readonly stopDatabase: () => Promise<void>,
  ) {
    this.postgresPid = postmasterPid(join(dataDir, 'postgres'));
  }

  static async start(options: BenchStackOptions): Promise<BenchStack> {
    await buildService();
    const dataDir = mkdtempSync(join(tmpdir(), 'sps-bench-'));
    chmodSync(dataDir, 0o755);
    const databasePort = await freePort();
    let postgres = await startLocalDatabase({ dataDir, port: databasePort });
    if (options.pgStats) {
      const admin = new Client({ connectionString: postgres.url });
      await admin.connect();
      await admin.query("ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'");
      await admin.query("ALTER SYSTEM SET pg_stat_statements.track_planning = 'on'");
      if (options.pgStatsNested) await admin.query("ALTER SYSTEM SET pg_stat_statements.track = 'all'");
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
      ALLOW_PRIVATE_URLS: 'true', // the bench's webhook receivers listen on 127.0.0.1
      RATE_LIMIT_PER_SECOND: '0', // the bench measures throughput with one key: no per-key rate limit
      ...options.serviceEnv,
    });
    // BENCH_PROFILE=dir writes a CPU profile of each service process there when it stops.
    // BENCH_NODE_ARGS="--flag …" adds Node options to the service processes (to try a V8 setting).
    const nodeArgs = [
      ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []),
      ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
    ];
    const db = new Client({ connectionString: postgres.url });
    await db.connect();
    const stack = new BenchStack(
      options.layout,
      db,
      postgres.url,
      baseUrl,
      emulator,
      env,
      nodeArgs,
      options.workerConcurrency,
      dataDir,
      () => postgres.stop(),
    );
    if (options.layout === 'one') stack.services.push(stack.startAll());
    else stack.services.push(stack.startApi(), stack.startWorker());
    await stack.waitHealthy();
    await until(
      async () => (await db.query('SELECT count(*)::int AS n FROM worker_heartbeats')).rows[0].n > 0,
      stack.services,
    );
    return stack;
  }

  startAll(): ServiceProcess {
    return startServiceProcess(
      { ...this.env, ROLE: 'all', DATABASE_POOL_SIZE: '20', WORKER_CONCURRENCY: this.workerConcurrency },
      this.nodeArgs,
    );
  }

  startWorker(): ServiceProcess {
    return startServiceProcess(
      { ...this.env, ROLE: 'worker', DATABASE_POOL_SIZE: '20', WORKER_CONCURRENCY: this.workerConcurrency },
      this.nodeArgs,
    );
  }

  startApi(): ServiceProcess {
    return startServiceProcess({ ...this.env, ROLE: 'api', DATABASE_POOL_SIZE: '20' }, this.nodeArgs);
  }

  /** A process that runs jobs: the worker (split), or a ROLE=all process (one). */
  startDrainer(): ServiceProcess {
    return this.layout === 'one' ? this.startAll() : this.startWorker();
  }

  get drainer(): ServiceProcess {
    return this.services[this.services.length - 1]!;
  }

  /**
   * Runs `queue` while no process runs jobs, so that a whole backlog is in place before any of it is
   * published: split stops its worker; one process is replaced meanwhile by an API-only process,
   * which is stopped before a new ROLE=all one starts. Resolves once the new drainer is started,
   * with when it started (the database's clock) and the replaced drainer's peak RSS.
   */
  async queueWhileNoWorkerRuns(
    queue: () => Promise<void>,
  ): Promise<{ drainerStartedAt: Date; replacedPeakRssMb: number }> {
    const oldDrainer = this.services.pop()!;
    const replacedPeakRssMb = peakRssMb(oldDrainer.child.pid!);
    await oldDrainer.stop();
    const acceptor = this.layout === 'one' ? this.startApi() : undefined;
    if (acceptor) await this.waitHealthy([acceptor]);
    await queue();
    await acceptor?.stop();
    const { rows } = await this.db.query('SELECT now() AS at');
    this.services.push(this.startDrainer());
    return { drainerStartedAt: rows[0].at, replacedPeakRssMb };
  }

  async waitHealthy(services: ServiceProcess[] = this.services): Promise<void> {
    await until(async () => (await fetch(`${this.baseUrl}/health`).catch(() => undefined))?.status === 200, services);
  }

  /** The emulator's control API (test users, settings). */
  async control(path: string, body: unknown, method = 'POST'): Promise<Response> {
    const response = await fetch(`${this.emulator.url}/control${path}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.status >= 300)
      throw new Error(`The emulator's control ${method} ${path} answered ${response.status}: ${await response.text()}`);
    return response;
  }

  cpuNow(): CpuSample {
    return {
      api: this.layout === 'split' ? treeCpuMs(this.services[0]!.child.pid!) : 0,
      worker: treeCpuMs(this.drainer.child.pid!),
      emulator: treeCpuMs(this.emulator.child.pid!),
      postgres: treeCpuMs(this.postgresPid),
    };
  }

  async openDeliveries(): Promise<number> {
    return (await this.db.query("SELECT count(*)::int AS n FROM deliveries WHERE status IN ('pending', 'publishing')"))
      .rows[0].n;
  }

  /** Waits until nothing is left to publish. */
  async settle(): Promise<void> {
    while ((await this.openDeliveries()) > 0) await new Promise((resolve) => setTimeout(resolve, 1000));
  }

  async stop(): Promise<void> {
    this.emulator.child.kill('SIGTERM');
    await this.db.end();
    await Promise.all(this.services.map((service) => service.stop()));
    await this.stopDatabase();
  }
}
