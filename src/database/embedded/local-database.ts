import { ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { ChildMessage, EmbeddedServerOptions, ParentMessage } from './embedded-postgres.protocol';
import { LocalDatabaseError } from './local-database-error';
import { databaseDirFor } from './postgres-data-dir';
import { runningServer } from './running-server';

export const LOCAL_DATABASE_NAME = 'social_publishing';

export interface LocalDatabase {
  /** Connection URL of the service's database on the local server. */
  url: string;
  /** Connection URL of the server's maintenance database (to create or drop databases). */
  adminUrl: string;
  /** The port the server listens on (that of a server already running on the data, if one is). */
  port: number;
  /** Where the server keeps its data (outside DATA_DIR when `relocated`: see databaseDirFor). */
  databaseDir: string;
  relocated: boolean;
  /** True when this process started the server (and `stop` will stop it). */
  startedHere: boolean;
  stop(): Promise<void>;
}

export interface LocalDatabaseOptions {
  dataDir: string;
  port: number;
  startTimeoutMs?: number;
}

function passwordFor(dataDir: string): string {
  const path = join(dataDir, 'postgres-password');
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  const password = randomBytes(18).toString('base64url');
  writeFileSync(path, `${password}\n`, { mode: 0o600 });
  return password;
}

async function canConnect(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}

function forkServer(options: EmbeddedServerOptions): ChildProcess {
  const runningFromTypeScript = __filename.endsWith('.ts');
  const script = join(__dirname, `embedded-postgres.child.${runningFromTypeScript ? 'ts' : 'js'}`);
  // Under `node --watch` (npm run start:dev) Node asks processes with an IPC channel to report the
  // modules they load over it: that is the watcher's business, not a message for us.
  const env = { ...process.env };
  delete env.WATCH_REPORT_DEPENDENCIES;
  const child = fork(script, [], {
    env,
    execArgv: runningFromTypeScript ? ['-r', 'ts-node/register/transpile-only'] : [],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    // Its own process group: a Ctrl-C in the terminal reaches the service, which drains and then stops the database.
    detached: true,
  });
  child.send({ type: 'start', options } satisfies ParentMessage);
  return child;
}

/** The server's own words when it refuses to start, with what to do for the causes an operator meets. */
function explainStartFailure(reason: string, options: EmbeddedServerOptions): string {
  if (/could not bind|Address already in use/.test(reason))
    return (
      `The embedded PostgreSQL cannot listen on port ${options.port}: another program uses it. ` +
      'Set EMBEDDED_DATABASE_PORT to a free port, or DATABASE_URL to a server of your own.'
    );
  if (/lock file "postmaster\.pid" already exists/.test(reason))
    return (
      `Another PostgreSQL server holds ${options.databaseDir} and cannot be reached from here. ` +
      'Stop it (the service that started it), or set DATABASE_URL.'
    );
  return `The embedded PostgreSQL failed to start: ${reason}`;
}

function waitUntilReady(child: ChildProcess, options: EmbeddedServerOptions, timeoutMs: number): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new LocalDatabaseError(`The embedded PostgreSQL did not start within ${timeoutMs} ms`));
    }, timeoutMs);
    child.on('message', (message: ChildMessage) => {
      if (message.type !== 'ready' && message.type !== 'failed') return;
      clearTimeout(timer);
      if (message.type === 'ready') resolvePromise();
      else reject(new LocalDatabaseError(explainStartFailure(message.message, options)));
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new LocalDatabaseError(`The embedded PostgreSQL exited during start (code ${code})`));
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolvePromise) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolvePromise();
    });
    if (child.connected) child.send({ type: 'stop' });
    else child.kill('SIGTERM');
  });
}

/**
 * The PostgreSQL server for local use when DATABASE_URL is not set: data under `<dataDir>/postgres`
 * (kept across restarts; run as root with a DATA_DIR the `postgres` user cannot reach, where
 * databaseDirFor says), listening on 127.0.0.1 only. If a server already runs on that data (the
 * service started earlier, or the CLI beside it), it is reused on whatever port it listens on,
 * rather than started twice.
 */
export async function startLocalDatabase(options: LocalDatabaseOptions): Promise<LocalDatabase> {
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  const { databaseDir, relocated } = databaseDirFor(dataDir);
  const password = passwordFor(dataDir);
  const running = runningServer(databaseDir);
  const port = running?.port ?? options.port;
  const serverUrl = (database: string) =>
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  const adminUrl = serverUrl('postgres');
  const url = serverUrl(LOCAL_DATABASE_NAME);

  if (await canConnect(adminUrl)) {
    await ensureDatabase(adminUrl, LOCAL_DATABASE_NAME);
    return { url, adminUrl, port, databaseDir, relocated, startedHere: false, stop: async () => undefined };
  }
  if (running) {
    throw new LocalDatabaseError(
      `A PostgreSQL server (pid ${running.pid}, port ${running.port}) is already running on ${databaseDir} ` +
        'but does not accept the connection. Stop the service that started it, or set DATABASE_URL to reach it.',
    );
  }

  const serverOptions = { databaseDir, port, password };
  const child = forkServer(serverOptions);
  await waitUntilReady(child, serverOptions, options.startTimeoutMs ?? 60_000);
  child.removeAllListeners('exit');
  await ensureDatabase(adminUrl, LOCAL_DATABASE_NAME);
  return { url, adminUrl, port, databaseDir, relocated, startedHere: true, stop: () => stopChild(child) };
}
