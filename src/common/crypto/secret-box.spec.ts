import { randomBytes } from 'node:crypto';
import { KeyRing } from './key-ring';
import { DecryptionError, SecretBox } from './secret-box';

const key = (id: string) => ({ id, key: randomBytes(32) });

describe('SecretBox', () => {
  const k1 = key('k1');
  const box = new SecretBox(new KeyRing(k1));

  it('round-trips a secret and never stores it in the clear', () => {
    const sealed = box.encrypt('my-access-token', 'ctx');
    expect(sealed).toMatch(/^v1\.k1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('my-access-token');
    expect(box.decrypt(sealed, 'ctx')).toBe('my-access-token');
  });

  it('uses a fresh IV each time', () => {
    expect(box.encrypt('same', 'ctx')).not.toBe(box.encrypt('same', 'ctx'));
  });

  it('refuses a ciphertext moved to another context (another row or column)', () => {
    const sealed = box.encrypt('token', 'connected_accounts.access_token:acc_1');
    expect(() => box.decrypt(sealed, 'connected_accounts.access_token:acc_2')).toThrow(DecryptionError);
  });

  it('refuses a tampered ciphertext', () => {
    const parts = box.encrypt('token', 'ctx').split('.');
    const body = Buffer.from(parts[4]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[4] = body.toString('base64url');
    expect(() => box.decrypt(parts.join('.'), 'ctx')).toThrow(DecryptionError);
  });

  it('refuses a truncated or lengthened authentication tag, even one that is a true prefix of the real tag', () => {
    const parts = box.encrypt('token', 'ctx').split('.');
    const tag = Buffer.from(parts[3]!, 'base64url');
    // GCM without a pinned tag length would check only the bytes given: a 4-byte prefix would pass.
    for (const length of [4, 8, 12, 15]) {
      const truncated = [...parts.slice(0, 3), tag.subarray(0, length).toString('base64url'), parts[4]].join('.');
      expect(() => box.decrypt(truncated, 'ctx')).toThrow(DecryptionError);
    }
    const lengthened = [
      ...parts.slice(0, 3),
      Buffer.concat([tag, Buffer.from([0])]).toString('base64url'),
      parts[4],
    ].join('.');
    expect(() => box.decrypt(lengthened, 'ctx')).toThrow(DecryptionError);
    expect(box.decrypt(parts.join('.'), 'ctx')).toBe('token');
  });

  it('decrypts with a previous key after rotation and says the value is stale', () => {
    const old = box.encrypt('token', 'ctx');
    const rotated = new SecretBox(new KeyRing(key('k2'), [k1]));
    expect(rotated.decrypt(old, 'ctx')).toBe('token');
    expect(rotated.isStale(old)).toBe(true);
    expect(rotated.isStale(rotated.encrypt('token', 'ctx'))).toBe(false);
  });

  it('explains a value sealed with a key it does not have', () => {
    const stranger = new SecretBox(new KeyRing(key('k9')));
    expect(() => stranger.decrypt(box.encrypt('t', 'ctx'), 'ctx')).toThrow('key "k1" is not configured');
    expect(() => box.decrypt('plain-text', 'ctx')).toThrow('unknown format');
  });

  it('refuses keys of the wrong size', () => {
    expect(() => new KeyRing({ id: 'short', key: randomBytes(16) })).toThrow('32 bytes');
  });
});
