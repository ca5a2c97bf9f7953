import { mkdtempSync } from 'node:fs';
import { chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalDatabase } from '../../src/database/embedded/local-database';
import { freePort } from './free-port';

/**
 * One real PostgreSQL for the whole e2e run (each test file then creates its own database on it).
 * With TEST_DATABASE_ADMIN_URL set, that server is used instead.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.TEST_DATABASE_ADMIN_URL) return;
  const dataDir = mkdtempSync(join(tmpdir(), 'sps-test-pg-'));
  // Postgres runs as its own system user when we are root: it must be able to enter the folder.
  chmodSync(dataDir, 0o755);
  const database = await startLocalDatabase({ dataDir, port: await freePort() });
  process.env.TEST_DATABASE_ADMIN_URL = database.adminUrl;
  (globalThis as { __testDatabase?: typeof database }).__testDatabase = database;
}
