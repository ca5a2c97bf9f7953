import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startLocalDatabase } from '../../src/database/embedded/local-database';
import { freePort } from './free-port';

const ROOT = join(__dirname, '..', '..');

/**
 * Before any test file loads: dist/ built once (the files that start the built service or CLI only
 * check it is there), and one real PostgreSQL for the whole run (each test file then creates its
 * own database on it; with TEST_DATABASE_ADMIN_URL set, that server is used instead).
 */
export default async function globalSetup(): Promise<void> {
  await buildOnce();
  if (process.env.TEST_DATABASE_ADMIN_URL) return;
  const dataDir = mkdtempSync(join(tmpdir(), 'sps-test-pg-'));
  // Postgres runs as its own system user when we are root: it must be able to enter the folder.
  chmodSync(dataDir, 0o755);
  const database = await startLocalDatabase({ dataDir, port: await freePort() });
  process.env.TEST_DATABASE_ADMIN_URL = database.adminUrl;
  (globalThis as { __testDatabase?: typeof database }).__testDatabase = database;
}

/**
 * Builds dist/ as `npm start` does (scripts/build-if-stale.js: `npm run build`'s compile and chmod,
 * only when a source is newer than the last build), here and nowhere else in the run: a test file
 * that compiled into dist/ would change it under the other Jest workers loading services from it.
 * On a clean clone (CI) dist/ does not exist yet and is built; afterwards a run builds nothing until a
 * source changes. The second project's set-up (e2e, then browser) finds it up to date.
 */
async function buildOnce(): Promise<void> {
  const { stderr } = await promisify(execFile)(process.execPath, [join(ROOT, 'scripts', 'build-if-stale.js')], {
    cwd: ROOT,
  }).catch((error: Error & { stdout?: string; stderr?: string }) => {
    // tsc writes its errors on stdout: the run stops here, saying them.
    throw new Error(`Building dist/ failed:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
  });
  if (!stderr.includes('up to date')) process.stderr.write(`\n${stderr.trim()}\n`);
}
