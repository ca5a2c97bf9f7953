import { FastifyInstance } from 'fastify';
import { ConsentNetwork } from '../consent/consent-flow';
import { EmulatorError } from '../http/emulator-error';
import type { MediaFetcher } from '../http/media-fetch';
import type { EmulatorPages } from '../http/object-pages';
import { EmulatorState } from '../state/emulator-state';
import type { PublishedItem } from '../state/published-log';
import { TokenKindSpec } from '../state/token-kinds';
import { RegisteredNetwork } from './registered-network';

/** The state of an emulator that serves networks (its registry holds their full descriptors). */
export type ServingEmulatorState = EmulatorState<EmulatedNetworkDescriptor>;

/** What every emulated network's routes share. */
export interface EmulatorContext {
  /** The state, and through its registry the networks served. */
  state: ServingEmulatorState;
  /** The service's public base URL, for absolute links (paging.next); else taken from the request. */
  publicUrl?: string;
  /** Fetches media URLs as the networks do; without it nothing is fetched and every URL is taken. */
  fetchMedia?: MediaFetcher;
  /** Where the emulator's own pages of published objects are: what permalinks point at. */
  pages: EmulatorPages;
}

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

/** A comment `POST /control/comments` adds, checked by the control API, before the network shapes it. */
export interface ThirdPartyComment {
  /** The published object (post or comment) it goes under, alive. */
  parent: PublishedItem;
  text: string;
  /** Someone other than the account: the id and username given, or made up. */
  author: { id: string; username: string };
  publishedAt: string;
}

/** What the control API learns from a network beyond the shared endpoints. */
export interface ControlExtras extends NonNullable<RegisteredNetwork['control']> {
  /** Endpoints of its own under `/control/<network id>/`. */
  readonly routes?: NetworkRoutes;
  /**
   * How someone else's comment under one of its objects looks on this network (its ids, its
   * permalink, what it is under), for `POST /control/comments`; the control API records what it
   * returns. Absent: the network takes no such comment (the control API answers 400).
   */
  readonly thirdPartyComment?: (
    comment: ThirdPartyComment,
    context: EmulatorContext,
  ) => Omit<PublishedItem, 'sequence'>;
}

/**
 * One emulated network, as its folder (src/emulator/<id>/) exports it. The shared emulator
 * (plugin, error handlers, consent, control API, state) knows networks only through these.
 */
export interface EmulatedNetworkDescriptor extends RegisteredNetwork {
  /** Name for people: consent and error pages. */
  readonly title: string;
  readonly dependsOn?: readonly NetworkDependency[];
  /** Its authorize page, if it has an OAuth login. */
  readonly consent?: ConsentEndpoint;
  readonly routes: NetworkRoutes;
  readonly errorShape: NetworkErrorShape;
  /** The tokens it issues: their kinds, prefixes, lifetimes and whether a refresh rotates them. */
  readonly tokenKinds: readonly TokenKindSpec[];
  readonly control?: ControlExtras;
}
