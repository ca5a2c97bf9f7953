import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { KeyRing } from '../../common/crypto/key-ring';
import { APP_CONFIG } from '../../config';
import type { AppConfig } from '../../config';
import { testWorldEmulatorUrl } from '../network-settings';

/** The header that marks a call to the service's own emulator as the service's. */
export const OWN_CALLER_HEADER = 'x-sandbox-caller';

/**
 * Tells the service's own calls to its mounted emulator (the adapters publishing in test worlds)
 * from anyone else's: they carry a mark only the service can make, an HMAC under its active
 * encryption key, sent to its own emulator URL only. The emulator's per-address and per-world
 * bounds on other callers (docs/emulator.md) never apply to them, so a stranger flooding a world
 * cannot throttle its customer's sandbox publishing. The mark is not a credential for anything:
 * the call is still checked as the network would check it.
 */
@Injectable()
export class OwnEmulatorCaller {
  /** Undefined without encryption keys (a network module tested alone): no call is marked, none is taken for own. */
  private readonly mark: string | undefined;
  private readonly emulatorBase: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig, @Optional() keys?: KeyRing) {
    this.mark = keys && createHmac('sha256', keys.active.key).update('own-emulator-caller').digest('base64url');
    this.emulatorBase = `${testWorldEmulatorUrl(config)}/`;
  }

  /** The header to add to a call to `url`: the mark for the service's own emulator, else none. */
  headersFor(url: string): Record<string, string> {
    return this.mark && url.startsWith(this.emulatorBase) ? { [OWN_CALLER_HEADER]: this.mark } : {};
  }

  /** Whether a request's header value is the service's mark. */
  isOwn(value: string | string[] | undefined): boolean {
    if (typeof value !== 'string' || !this.mark) return false;
    const given = Buffer.from(value);
    const expected = Buffer.from(this.mark);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
