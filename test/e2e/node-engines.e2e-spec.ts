import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { minVersion, satisfies } from 'semver';

const ROOT = join(__dirname, '..', '..');

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
}

/**
 * The README promises Node 20.19: `npm install` must not warn (EBADENGINE) that a dependency needs
 * a newer Node. Every package the lock file installs must accept the oldest Node package.json accepts.
 */
describe('Dependencies and the Node version the README promises', () => {
  it('every locked package accepts the oldest Node that package.json accepts', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
    const oldest = minVersion(manifest.engines.node)!.version;
    expect(oldest).toBe('20.19.0');
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, LockedPackage>;
    };
    const refusing = Object.entries(lock.packages)
      .map(([path, locked]) => ({ path, version: locked.version, node: (locked.engines as { node?: string })?.node }))
      .filter(({ node }) => typeof node === 'string' && !satisfies(oldest, node))
      .map(({ path, version, node }) => `${path}@${version} needs Node ${node}`);
    expect(refusing).toEqual([]);
  });
});
