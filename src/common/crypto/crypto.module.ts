import { Global, Logger, Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config';
import { KeyRing } from './key-ring';
import { loadOrCreateLocalKey } from './local-key-file';
import { SecretBox } from './secret-box';

/**
 * The generated local key has an id of its own, so that moving to a real key later is a rotation:
 * ENCRYPTION_KEY (new id) plus ENCRYPTION_PREVIOUS_KEYS=local:<the local key>.
 */
export const LOCAL_KEY_ID = 'local';

function buildKeyRing(config: AppConfig): KeyRing {
  if (config.encryption.active) return new KeyRing(config.encryption.active, config.encryption.previous);
  const local = loadOrCreateLocalKey(config.dataDir);
  new Logger('Crypto').warn(
    `ENCRYPTION_KEY is not set: using the local key in ${local.path}${local.created ? ' (just generated)' : ''}. ` +
      'Set ENCRYPTION_KEY for any real deployment.',
  );
  return new KeyRing({ id: LOCAL_KEY_ID, key: local.key }, config.encryption.previous);
}

@Global()
@Module({
  providers: [
    { provide: KeyRing, inject: [APP_CONFIG], useFactory: buildKeyRing },
    { provide: SecretBox, inject: [KeyRing], useFactory: (keys: KeyRing) => new SecretBox(keys) },
  ],
  exports: [SecretBox, KeyRing],
})
export class CryptoModule {}
