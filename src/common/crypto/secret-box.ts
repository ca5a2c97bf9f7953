import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { KeyRing } from './key-ring';

const FORMAT = 'v1';
const IV_BYTES = 12;
/**
 * GCM accepts shorter tags unless told otherwise, and a 4-byte tag is forged in about 2^32 tries:
 * only the full 16 bytes we write are accepted.
 */
const TAG_BYTES = 16;

export class DecryptionError extends Error {
  /**
   * `unknown_key`: sealed with a key id this instance does not have (yet: another instance may, in
   * the middle of a key rotation). `unreadable`: no key will ever open it.
   */
  constructor(
    reason: string,
    readonly kind: 'unknown_key' | 'unreadable' = 'unreadable',
  ) {
    super(`Cannot decrypt secret: ${reason}`);
    this.name = 'DecryptionError';
  }
}

/**
 * AES-256-GCM encryption of secrets at rest (network tokens, app secrets, webhook secrets).
 *
 * Stored form: `v1.<keyId>.<iv>.<tag>.<ciphertext>` (base64url parts). The key id lets old rows be
 * read after a rotation. `context` is bound as additional authenticated data, so a ciphertext
 * copied into another row or column fails to decrypt instead of leaking a token to the wrong owner.
 */
export class SecretBox {
  constructor(private readonly keys: KeyRing) {}

  encrypt(plaintext: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.keys.active.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [
      FORMAT,
      this.keys.active.id,
      iv.toString('base64url'),
      tag.toString('base64url'),
      ciphertext.toString('base64url'),
    ].join('.');
  }

  decrypt(stored: string, context: string): string {
    const parts = stored.split('.');
    if (parts.length !== 5 || parts[0] !== FORMAT) throw new DecryptionError('unknown format');
    const [, keyId, iv, tag, ciphertext] = parts as [string, string, string, string, string];
    const key = this.keys.get(keyId);
    if (!key) throw new DecryptionError(`key "${keyId}" is not configured`, 'unknown_key');
    const tagBytes = Buffer.from(tag, 'base64url');
    if (tagBytes.length !== TAG_BYTES) throw new DecryptionError('authentication tag of the wrong length');
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(tagBytes);
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new DecryptionError('authentication failed (wrong key or context)');
    }
  }

  /** True when the value was encrypted with a key other than the active one and should be rewritten. */
  isStale(stored: string): boolean {
    return stored.split('.')[1] !== this.keys.active.id;
  }
}
