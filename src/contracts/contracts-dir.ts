// Finds the repository's contracts/ folder whether the code runs from src/ (ts-jest, ts-node) or from
// dist/src/ (the built service), and caches each parsed file: the files only change with a refresh.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

let cachedDir: string | undefined;
const cachedJson = new Map<string, unknown>();

export function contractsDir(): string {
  if (cachedDir) return cachedDir;
  let dir = __dirname;
  for (;;) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'contracts', 'manifest.json'))) {
      cachedDir = join(dir, 'contracts');
      return cachedDir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No contracts/manifest.json above ${__dirname}`);
    dir = parent;
  }
}

/** Parses a file under contracts/ once; `relativePath` uses forward slashes (e.g. "meta/specs/Page.json"). */
export function readContractJson<T>(relativePath: string): T {
  const hit = cachedJson.get(relativePath);
  if (hit !== undefined) return hit as T;
  const parsed = JSON.parse(readFileSync(join(contractsDir(), ...relativePath.split('/')), 'utf8')) as T;
  cachedJson.set(relativePath, parsed);
  return parsed;
}
