/**
 * What the drills share: an embedded PostgreSQL of their own (which can be stopped and started
 * again on the same data and port), the built service started as separate processes, a customer
 * with an API key, emulated X accounts connected through the real connect flow, and the counts
 * that say whether anything was lost.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import { LocalDatabase, startLocalDatabase } from '../../src/database/embedded/local-database';
import { browse } from '../support/connect-flow';
import { freePort } from '../support/free-port';
import { childEnv, runCliProcess, ServiceProcess, startServiceProcess } from '../support/service-process';

/** What a drill hands back for the report. `lost` empty means nothing was lost. */
export interface DrillResult {
  load: string;
  faults: string;
  lost: string[];
  notes: string[];
}

export interface Drill {
  name: string;
  title: string;
  /** The drill fails if it has not finished by then (setup included). */
  timeoutMs: number;
  run(log: (line: string) => void): Promise<DrillResult>;
}

/** One encryption key for every process of every drill. */
const ENCRYPTION_KEY = randomBytes(32).toString('base64');
const REDIRECT = 'https://drill.example.com/cb';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface PublishedOnNetwork {
  postId: string;
  text?: string;
}

export interface StartOptions {
  /** The URL the service calls the emulator and OAuth through (default: the process's own). */
  publicUrl?: string;
  env?: Record<string, string>;
  nodeArgs?: string[];
}

/** Every service process any drill started, so an interrupted run leaves none behind. */
export const allProcesses: ServiceProcess[] = [];

/** One drill's world: its own database, its own processes, its own customer. */
export class Stack {
  readonly processes: ServiceProcess[] = [];
  /** Where the drill's requests go: the first API (or all) process started, unless the drill sets another. */
  apiUrl = '';
  headers: Record<string, string> = {};
  private database!: LocalDatabase;
  private dataDir = '';
  private dbPort = 0;
  private pool!: Pool;
  private baseEnv: NodeJS.ProcessEnv = {};

  static async create(): Promise<Stack> {
    const stack = new Stack();
    stack.dataDir = mkdtempSync(join(tmpdir(), 'sps-drill-'));
    chmodSync(stack.dataDir, 0o755);
    stack.dbPort = await freePort();
    await stack.startDatabase();
    return stack;
  }

  get databaseUrl(): string {
    return this.database.url;
  }

  async startDatabase(): Promise<void> {
    this.database = await startLocalDatabase({ dataDir: this.dataDir, port: this.dbPort, startTimeoutMs: 120_000 });
    this.pool = new Pool({ connectionString: this.database.url, max: 3, connectionTimeoutMillis: 5_000 });
    this.pool.on('error', () => undefined);
    this.baseEnv = childEnv({
      NODE_ENV: 'development',
      LOG_LEVEL: 'error',
      DATABASE_URL: this.database.url,
      ENCRYPTION_KEY,
      HOST: '127.0.0.1',
      NETWORK_EMULATOR: 'on',
      ALLOW_PRIVATE_URLS: 'true',
      WEBHOOK_RETRY_SCHEDULE: '0s,1s,2s,2s,5s,5s,10s,10s',
      WORKER_DEAD_AFTER_MS: '5000',
      // One key posts everything: the per-key rate limit is not what these drills exercise.
      RATE_LIMIT_PER_SECOND: '1000000',
      RATE_LIMIT_BURST: '1000000',
    });
  }

  /** Stops PostgreSQL (a fast shutdown: clients are disconnected), keeping its data. */
  async stopDatabase(): Promise<void> {
    await this.pool.end().catch(() => undefined);
    await this.database.stop();
  }

  async query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await this.pool.query(sql, params)).rows as T[];
  }

  /** Starts a service process: `api` processes listen on a port of their own and host the emulator. */
  async start(
    role: 'api' | 'worker' | 'all',
    options: StartOptions = {},
  ): Promise<{ process: ServiceProcess; url: string }> {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const known = new Set(
      (await this.query<{ worker_id: string }>('SELECT worker_id FROM worker_heartbeats').catch(() => [])).map(
        (row) => row.worker_id,
      ),
    );
    const service = startServiceProcess(
      {
        ...this.baseEnv,
        ROLE: role,
        PORT: String(port),
        PUBLIC_URL: options.publicUrl ?? (role === 'worker' ? this.apiUrl : url),
        DATABASE_POOL_SIZE: '20',
        WORKER_CONCURRENCY: '20',
        ...options.env,
      },
      options.nodeArgs,
    );
    this.processes.push(service);
    allProcesses.push(service);
    // The first process serving HTTP is the one the drill talks to, unless it chose another (a balancer).
    if (!this.apiUrl && role !== 'worker') this.apiUrl = url;
    if (role !== 'worker')
      await this.until(`${role} process listening`, async () => (await fetch(`${url}/health`)).status === 200, 120_000);
    if (role !== 'api') {
      // At LOG_LEVEL=error the worker does not say it started: a new heartbeat row says so.
      await this.until(
        `the ${role} process's worker to beat`,
        async () =>
          (await this.query<{ worker_id: string }>('SELECT worker_id FROM worker_heartbeats')).some(
            (row) => !known.has(row.worker_id),
          ),
        120_000,
      );
    }
    return { process: service, url };
  }

  /** Waits for a condition, failing with `what` when it has not held by the deadline or a process exited. */
  async until(what: string, condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (await condition().catch(() => false)) return;
      const exited = this.processes.find(
        (service) => service.child.exitCode !== null && !(service as { killed?: boolean }).killed,
      );
      if (exited)
        throw new Error(`A service process exited while waiting for ${what}:\n${exited.output().slice(-3000)}`);
      if (Date.now() > deadline)
        throw new Error(`Timed out after ${Math.round(timeoutMs / 1000)} s waiting for ${what}`);
      await sleep(250);
    }
  }

  /** A process that exited (or will) and should not fail the waits any more. */
  forget(service: ServiceProcess): void {
    (service as { killed?: boolean }).killed = true;
  }

  /** Kills a process with SIGKILL, as an OOM kill or a crash would. */
  async kill(service: ServiceProcess): Promise<void> {
    (service as { killed?: boolean }).killed = true;
    await service.kill();
  }

  /** A customer, its API key and an allowed redirect URL, through the operator CLI. */
  async setupCustomer(name = 'drill'): Promise<void> {
    const env = { ...this.baseEnv };
    await runCliProcess(env, 'customers', 'create', name);
    const key = (await runCliProcess(env, 'api-keys', 'create', '--customer', name))
      .split('\n')
      .find((line) => line.startsWith('sps_'))!
      .trim();
    await runCliProcess(env, 'redirect-urls', 'add', '--customer', name, REDIRECT);
    this.headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
    // The same text may be posted by different drills' accounts; the drills count by unique texts anyway.
    await this.control('/settings', { xDuplicateDetection: false }, 'PUT');
  }

  control(path: string, body?: unknown, method = 'POST'): Promise<Response> {
    return fetch(`${this.apiUrl}/emulator/control${path}`, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  /** Connects `count` emulated X profiles through the connect flow; returns the account ids. */
  async connectXAccounts(count: number, prefix = 'drill'): Promise<string[]> {
    const ids: string[] = [];
    for (let index = 0; index < count; index += 1) {
      await this.control('/users', {
        id: `${prefix}${index}`,
        name: `Drill ${index}`,
        x: { username: `${prefix}_${index}` },
      });
      const authUrl = (await (
        await fetch(`${this.apiUrl}/api/v1/social-networks/x/auth-url`, {
          method: 'POST',
          headers: this.headers,
          body: JSON.stringify({ tenant_id: 'drill', redirect_uri: REDIRECT }),
        })
      ).json()) as { data: { auth_url: string } };
      const session = (
        await browse(authUrl.data.auth_url, { emulatorUser: `${prefix}${index}` })
      ).finalUrl.searchParams.get('session')!;
      const pending = (await (
        await fetch(`${this.apiUrl}/api/v1/social-accounts/pending/${session}`, { headers: this.headers })
      ).json()) as { data: { availablePages: Array<{ id: string }> } };
      const finalized = (await (
        await fetch(`${this.apiUrl}/api/v1/social-accounts/pending/${session}/finalize`, {
          method: 'POST',
          headers: this.headers,
          body: JSON.stringify({ selectedPageIds: [pending.data.availablePages[0]!.id] }),
        })
      ).json()) as { data: Array<{ id: string }> };
      ids.push(finalized.data[0]!.id);
    }
    return ids;
  }

  /** POST /api/v1/posts; the answer's status and code, and the post id when accepted. */
  async post(
    account: string,
    text: string,
    baseUrl = this.apiUrl,
  ): Promise<{ status: number; code?: string; id?: string }> {
    try {
      const response = await fetch(`${baseUrl}/api/v1/posts`, {
        method: 'POST',
        headers: this.headers,
        body: JSON.stringify({ tenant_id: 'drill', accounts: [account], containers: [{ content: text }] }),
        signal: AbortSignal.timeout(30_000),
      });
      const body = (await response.json().catch(() => ({}))) as { data?: { id: string }; error?: { code: string } };
      return { status: response.status, code: body.error?.code, id: body.data?.id };
    } catch (error) {
      return { status: 0, code: error instanceof Error ? error.message : String(error) };
    }
  }

  /** Everything the emulated X holds as published. */
  async publishedOnX(): Promise<PublishedOnNetwork[]> {
    return (
      (await (await fetch(`${this.apiUrl}/emulator/control/published?network=x`)).json()) as {
        data: PublishedOnNetwork[];
      }
    ).data;
  }

  async deliveryCounts(): Promise<Record<string, number>> {
    const rows = await this.query<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM deliveries GROUP BY status',
    );
    return Object.fromEntries(rows.map((row) => [row.status, row.n]));
  }

  /** Waits until no delivery is pending or publishing; when they do not, the error says what holds them. */
  async settle(timeoutMs: number): Promise<void> {
    try {
      await this.until(
        'every delivery to settle (none pending or publishing)',
        async () =>
          (
            await this.query<{ n: number }>(
              "SELECT count(*)::int AS n FROM deliveries WHERE status IN ('pending', 'publishing')",
            )
          )[0]!.n === 0,
        timeoutMs,
      );
    } catch (error) {
      const report = await this.unsettledReport().catch(
        (cause: unknown) => `(no report: ${cause instanceof Error ? cause.message : String(cause)})`,
      );
      throw new Error(`${error instanceof Error ? error.message : String(error)}\n${report}`);
    }
  }

  /** The deliveries still to publish, with their account lanes and customers' hints, and the workers' heartbeats. */
  async unsettledReport(): Promise<string> {
    const deliveries = await this.query(
      `SELECT d.id, d.status, d.attempts, d.account_id, d.due_at, left(d.error_message, 300) AS error_message,
              l.due_at AS lane_due_at, l.claimed_by, l.claimed_at, l.delivery_id AS lane_delivery_id, q.due_at AS customer_due_at
         FROM deliveries d
         LEFT JOIN publish_lanes l ON l.account_id = d.account_id
         LEFT JOIN queue_customers q ON q.queue = 'publish' AND q.customer_id = d.customer_id
        WHERE d.status IN ('pending', 'publishing')
        ORDER BY d.id LIMIT 10`,
    );
    const lockedQueues = await this.query(
      'SELECT count(*)::int AS n, array_agg(DISTINCT claimed_by) AS by FROM publish_lanes WHERE claimed_by IS NOT NULL',
    );
    const heartbeats = await this.query(
      'SELECT worker_id, now() - beat_at AS age FROM worker_heartbeats ORDER BY beat_at DESC LIMIT 10',
    );
    return [
      `deliveries ${JSON.stringify(await this.deliveryCounts())}; the first still to publish, with their lanes:`,
      ...deliveries.map((row) => `  ${JSON.stringify(row)}`),
      `claimed lanes: ${JSON.stringify(lockedQueues[0])}`,
      `heartbeats: ${JSON.stringify(heartbeats)}`,
      // The processes log at LOG_LEVEL=error (redacted, as always): their last errors.
      ...this.processes.map((service, index) => {
        const errors = service
          .output()
          .split('\n')
          .filter((line) => line.trim() !== '')
          .slice(-3);
        return `process ${index} (${service.child.exitCode === null ? 'running' : `exited ${service.child.exitCode}`}), last lines:\n${errors.map((line) => `    ${line.slice(0, 400)}`).join('\n')}`;
      }),
    ].join('\n');
  }

  /**
   * The exactly-once check: every accepted post (by its unique text) is in the database with its
   * delivery published, and on the emulator exactly once, with the platform post id the database
   * recorded. Returns what was lost or duplicated, empty when nothing.
   */
  async checkExactlyOnce(
    accepted: Map<string, string>,
    textPrefix: string,
  ): Promise<{ lost: string[]; summary: string }> {
    const lost: string[] = [];
    const onNetwork = (await this.publishedOnX()).filter((item) => item.text?.startsWith(textPrefix));
    const byText = new Map<string, PublishedOnNetwork[]>();
    for (const item of onNetwork) byText.set(item.text!, [...(byText.get(item.text!) ?? []), item]);
    const rows = await this.query<{ post_id: string; status: string; platform_post_id: string | null }>(
      'SELECT post_id, status, platform_post_id FROM deliveries WHERE post_id = ANY($1)',
      [[...accepted.values()]],
    );
    const byPost = new Map(rows.map((row) => [row.post_id, row]));
    let missing = 0;
    let notPublished = 0;
    let never = 0;
    let twice = 0;
    let mismatched = 0;
    for (const [text, postId] of accepted) {
      const row = byPost.get(postId);
      const items = byText.get(text) ?? [];
      if (!row) missing += 1;
      else if (row.status !== 'published') notPublished += 1;
      if (items.length === 0) never += 1;
      else if (items.length > 1) twice += 1;
      else if (row && row.platform_post_id !== items[0]!.postId) mismatched += 1;
    }
    const unexpected = [...byText.keys()].filter((text) => !accepted.has(text)).length;
    if (missing) lost.push(`${missing} accepted posts missing from the database`);
    if (notPublished) lost.push(`${notPublished} deliveries not published`);
    if (never) lost.push(`${never} accepted posts never on the network`);
    if (twice) lost.push(`${twice} posts published more than once`);
    if (mismatched) lost.push(`${mismatched} deliveries whose platformPostId differs from the network's`);
    if (unexpected) lost.push(`${unexpected} posts on the network that no 202 accounts for`);
    const counts = await this.deliveryCounts();
    const stuck = Object.entries(counts).filter(([status]) => status !== 'published');
    if (stuck.length) lost.push(`deliveries not published: ${stuck.map(([status, n]) => `${n} ${status}`).join(', ')}`);
    return {
      lost,
      summary: `${accepted.size} accepted, ${byText.size} unique texts on the network (${onNetwork.length} posts), deliveries ${JSON.stringify(counts)}`,
    };
  }

  async close(): Promise<void> {
    await Promise.all(this.processes.map((service) => service.stop()));
    await this.pool.end().catch(() => undefined);
    await this.database.stop().catch(() => undefined);
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** Runs `count` jobs with at most `concurrency` at once. */
export async function pool<T>(count: number, concurrency: number, job: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const index = next++;
        results[index] = await job(index);
      }
    }),
  );
  return results;
}
