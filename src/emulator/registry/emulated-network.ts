import { FastifyInstance } from 'fastify';
import { ConsentNetwork } from '../consent/consent-flow';
import { EmulatorContext } from '../emulator-context';
import { EmulatorError } from '../http/emulator-error';
import { SettingSpecs } from '../state/settings';
import { TestUserParts } from '../state/test-users';
import { TokenKindSpec } from '../state/token-kinds';

/** Routes a network serves, registered inside its own scope (below its path prefix). */
export type NetworkRoutes = (scope: FastifyInstance, context: EmulatorContext) => Promise<void> | void;

/** A network's authorize page: where it answers (below the network's prefix) and how it behaves. */
export interface ConsentEndpoint extends ConsentNetwork {
  path: string;
}

/**
 * How a network spells an error the emulator raises for it (unknown path, unreadable body, a bug):
 * `path` is below the network's prefix, so a network with several hosts (Graph, OAuth, consent
 * page) picks the shape of the one that was called.
 */
export type NetworkErrorShape = (path: string, status: number, message: string) => EmulatorError;

/**
 * Another network this one builds on, registered before it: its test-user parts exist before
 * this network's are added (Instagram accounts hang off Facebook Pages), and `routes` are served
 * on that network's hosts, in its scope and error shape (Instagram publishing on Facebook's Graph).
 */
export interface NetworkDependency {
  network: string;
  routes?: { prefix: string; register: NetworkRoutes };
}

/** What the control API learns from a network beyond the shared endpoints. */
export interface ControlExtras {
  /** Knobs of `PUT /control/settings` this network reads, with their defaults and rules. */
  settings?: SettingSpecs;
  /** Endpoints of its own under `/control/<network id>/`. */
  routes?: NetworkRoutes;
}

/**
 * One emulated network, as its folder (src/emulator/<id>/) exports it. The shared emulator
 * (plugin, error handlers, consent, control API, state) knows networks only through these.
 */
export interface EmulatedNetworkDescriptor {
  /** Lowercase id: in control-API filters, faults, the published record and stored tokens. */
  readonly id: string;
  /** Name for people: consent and error pages. */
  readonly title: string;
  /** Other names the control API accepts for it (`twitter` for `x`). */
  readonly aliases: readonly string[];
  /** Where it is served below the emulator's mount (`/facebook`); every route and error of it lives there. */
  readonly pathPrefix: `/${string}`;
  readonly dependsOn?: readonly NetworkDependency[];
  /** Its authorize page, if it has an OAuth login. */
  readonly consent?: ConsentEndpoint;
  readonly routes: NetworkRoutes;
  readonly errorShape: NetworkErrorShape;
  /** The tokens it issues: their kinds, prefixes, lifetimes and whether a refresh rotates them. */
  readonly tokenKinds: readonly TokenKindSpec[];
  /** What a test user has on it (Pages, an Instagram account, an X profile), seeded and created through the control API. */
  readonly testUser: TestUserParts;
  readonly control?: ControlExtras;
}
