import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * For local use only: the encryption key kept in `<dataDir>/encryption-key` when ENCRYPTION_KEY is
 * not set, generated on first start. Production refuses to start without ENCRYPTION_KEY.
 */
export function loadOrCreateLocalKey(dataDir: string): { key: Buffer; created: boolean; path: string } {
  const path = join(dataDir, 'encryption-key');
  if (existsSync(path)) {
    const key = Buffer.from(readFileSync(path, 'utf8').trim(), 'base64');
    if (key.length !== 32) throw new Error(`${path} does not hold a 32-byte base64 key`);
    return { key, created: false, path };
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(path, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(path, 0o600);
  return { key, created: true, path };
}
