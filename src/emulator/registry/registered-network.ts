import type { FaultKind } from '../state/faults';
import { SettingSpecs } from '../state/settings';
import { TestUserParts } from '../state/test-users';

/**
 * What the registry and the emulator's state need of a network: its names and where it lives, the
 * networks it builds on, what a test user has on it and the settings it reads. The full descriptor
 * (EmulatedNetworkDescriptor) adds how it is served; keeping this part apart lets the state depend
 * on networks without depending on their routes.
 */
export interface RegisteredNetwork {
  /** Lowercase id: in control-API filters, faults, the published record and stored tokens. */
  readonly id: string;
  /** Other names the control API accepts for it (`twitter` for `x`). */
  readonly aliases: readonly string[];
  /** Where it is served below the emulator's mount (`/facebook`); every route and error of it lives there. */
  readonly pathPrefix: `/${string}`;
  /** Networks this one builds on; they must be registered before it. */
  readonly dependsOn?: ReadonlyArray<{ readonly network: string }>;
  /** What a test user has on it (Pages, an Instagram account, an X profile), seeded and created through the control API. */
  readonly testUser: TestUserParts;
  readonly control?: {
    /** Knobs of `PUT /control/settings` this network reads, with their defaults and rules. */
    readonly settings?: SettingSpecs;
    /**
     * Faults only some networks can express (Graph's codes) that this one does. A fault kind no
     * network lists here applies to every network; one that some list is refused for the others.
     */
    readonly faults?: readonly FaultKind[];
  };
}
