import { createHmac } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { KeyRing } from '../../common/crypto/key-ring';
import { worldClientId } from './test-world-mark';
import { AppCredentials } from '../network-adapter';

/**
 * Each test world's OAuth app on the emulated networks. The client id names the world (so the
 * emulator's authorize and token endpoints find it); the secret is an HMAC of the world id under
 * the service's active encryption key, so nothing needs storing and no one without the key can
 * present it. Rotating the key changes every world's secret on both sides at once.
 */
@Injectable()
export class TestWorldApps {
  constructor(private readonly keys: KeyRing) {}

  appOf(world: string): AppCredentials {
    const clientSecret = createHmac('sha256', this.keys.active.key)
      .update(`emulator-world-app:${world}`)
      .digest('base64url');
    return { clientId: worldClientId(world), clientSecret, emulatorWorld: world };
  }
}
