import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { startLocalDatabase } from '../../src/database/embedded/local-database';
import { freePort } from '../support/free-port';
import { createTestDatabase } from '../support/test-database';
import { dumpSchema, migrate, SCHEMA_FILE } from './schema-file';

/** A fresh database for one dump: on TEST_DATABASE_ADMIN_URL's server if set, else on an embedded PostgreSQL of its own. */
async function withFreshDatabase<T>(work: (url: string) => Promise<T>): Promise<T> {
  if (process.env.TEST_DATABASE_ADMIN_URL) {
    const database = await createTestDatabase();
    try {
      return await work(database.url);
    } finally {
      await database.drop();
    }
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'sps-schema-pg-'));
  // Postgres runs as its own system user when we are root: it must be able to enter the folder.
  chmodSync(dataDir, 0o755);
  try {
    const server = await startLocalDatabase({ dataDir, port: await freePort() });
    try {
      return await work(server.url);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `npm run db:schema`: migrates a fresh database and writes its schema to db/schema.sql (or to stdout with `-`). */
async function main(): Promise<void> {
  const sql = await withFreshDatabase(async (url) => {
    await migrate(url);
    return dumpSchema(url);
  });
  if (process.argv[2] === '-') process.stdout.write(sql);
  else {
    writeFileSync(SCHEMA_FILE, sql);
    process.stdout.write(`Wrote ${relative(process.cwd(), SCHEMA_FILE)}\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
