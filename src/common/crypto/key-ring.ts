import { EncryptionKeyConfig } from '../../config';

/**
 * The encryption keys in use: one active key that encrypts, and earlier keys that still decrypt
 * (so a key can be rotated without re-encrypting everything at once).
 */
export class KeyRing {
  private readonly byId: Map<string, Buffer>;

  constructor(
    readonly active: EncryptionKeyConfig,
    previous: EncryptionKeyConfig[] = [],
  ) {
    for (const { id, key } of [active, ...previous]) {
      if (key.length !== 32) throw new Error(`Encryption key "${id}" must be 32 bytes`);
    }
    this.byId = new Map([...previous, active].map(({ id, key }) => [id, key]));
  }

  get(id: string): Buffer | undefined {
    return this.byId.get(id);
  }
}
