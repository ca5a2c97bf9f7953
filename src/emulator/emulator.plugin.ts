import { FastifyPluginAsync } from 'fastify';
import { registerConsentRoute } from './consent/consent-flow';
import { ConsentPageError } from './consent/consent-page';
import { ControlError } from './control/control-error';
import { controlPlugin } from './control/control.plugin';
import { builtInEmulatorRegistry } from './emulated-networks';
import { EmulatorContext } from './emulator-context';
import type { MediaFetcher } from './http/media-fetch';
import { EmulatorPages } from './http/object-pages';
import { installErrorHandlers } from './emulator-errors';
import { registerEmulatorBodyParsers } from './http/body-parsers';
import { EmulatedNetworkDescriptor, ServingEmulatorState } from './registry/emulated-network';
import { EmulatorState } from './state/emulator-state';
import { authoriseControlRequest } from './worlds/control-access';
import { currentWorldId, worldAwareState } from './worlds/current-world';
import { WorldAdmission } from './worlds/world-admission';
import { installWorldRouting } from './worlds/world-routing';
import { WorldStorage } from './worlds/world-storage';
import { htmlPageHeaders, isHtmlContentType } from '../common/http/html-page-headers';

const CONSENT_PAGE_HEADERS = htmlPageHeaders({ inlineStyles: true });

export interface EmulatorPluginOptions {
  /** The store to serve from, and through its registry the networks; one per process. A fresh one of the built-in networks when omitted. */
  state?: ServingEmulatorState;
  /** The emulator's public base URL, for absolute links; taken from each request when omitted. */
  publicUrl?: string;
  /**
   * The service whose OAuth callbacks (`<serviceUrl>/oauth/…`) the emulated apps have registered;
   * when omitted, publicUrl's (the emulator mounted in the service), else any callback.
   */
  serviceUrl?: string;
  /** The customers' test worlds (kept by the service); without it, only the default world is served. */
  worlds?: WorldStorage;
  /**
   * Whether requests naming no test world are served from `state`, the in-memory default world
   * (development, scripts, benchmarks). Off in production and with NETWORK_EMULATOR=off. Default: on.
   */
  defaultWorld?: boolean;
  /** Bounds on test worlds' traffic, and who the service's own calls are (default: DEFAULT_WORLD_TRAFFIC, none own). */
  worldAdmission?: WorldAdmission;
  /** Fetches the media URLs the networks are handed, as they do; without it every URL is taken unfetched. */
  fetchMedia?: MediaFetcher;
}

/**
 * The built-in network emulator: every network of its state's registry (Facebook Graph, Instagram
 * and X as described in docs/emulator.md), plus a control API. A plain Fastify plugin in its own
 * encapsulated scope, so it has its own body parsers (form, multipart) and error shapes and never
 * meets the API's key guard or envelope. Register it with a prefix (`/emulator`); every path below
 * is relative to it. Each network gets a scope of its own at its path prefix, with its error shape.
 */
export const emulatorPlugin: FastifyPluginAsync<EmulatorPluginOptions> = async (fastify, options) => {
  const defaultState = options.state ?? new EmulatorState({ registry: builtInEmulatorRegistry() });
  const defaultWorld = options.defaultWorld ?? true;
  const worlds = options.worlds;
  // The routes keep this state; on each request it is the world the request names (world-routing.ts).
  const state = worldAwareState(defaultState);
  const emulatorPrefix = fastify.prefix;
  const pages = new EmulatorPages(emulatorPrefix, options.publicUrl);
  const context: EmulatorContext = { state, publicUrl: options.publicUrl, fetchMedia: options.fetchMedia, pages };
  const serviceUrl = options.serviceUrl ?? options.publicUrl;
  const registeredCallbacks = serviceUrl ? `${serviceUrl}/oauth/` : undefined;

  registerEmulatorBodyParsers(fastify);
  fastify.addHook('onRequest', async (request) => pages.saw(request));
  // Its consent and error pages: never framed (an Approve button must not be clickjacked), no script.
  fastify.addHook('onSend', async (_request, reply, payload) => {
    if (isHtmlContentType(reply.getHeader('content-type'))) reply.headers(CONSENT_PAGE_HEADERS);
    return payload;
  });
  installWorldRouting(fastify, { storage: worlds, defaultWorld, admission: options.worldAdmission });
  // A test world's consent page serves only a connect attempt the service started for that world.
  const sessionGate = async (oauthState: string): Promise<boolean> => {
    const world = currentWorldId();
    return world === undefined || (!!worlds && (await worlds.startedConnect(world, oauthState)));
  };
  installErrorHandlers(fastify, emulatorPrefix, (_path, status, message) =>
    ConsentPageError.unroutable('Network emulator', status, message),
  );

  const mountNetwork = async (network: EmulatedNetworkDescriptor) => {
    await fastify.register(
      async (scope) => {
        installErrorHandlers(scope, emulatorPrefix, network.errorShape);
        if (network.consent)
          registerConsentRoute(scope, network.id, network.consent, state, registeredCallbacks, sessionGate);
        await network.routes(scope, context);
        // Routes other networks serve on this one's hosts (Instagram publishing on Facebook's Graph).
        for (const rider of state.registry.networks) {
          for (const dependency of rider.dependsOn ?? []) {
            const routes = dependency.network === network.id ? dependency.routes : undefined;
            if (routes) await scope.register(async (host) => routes.register(host, context), { prefix: routes.prefix });
          }
        }
      },
      { prefix: network.pathPrefix },
    );
  };
  for (const network of state.registry.networks) await mountNetwork(network);

  // The control API changes a world: a test key's own, or (development, this machine) the default one.
  await fastify.register(
    async (scope) => {
      installErrorHandlers(scope, emulatorPrefix, (_path, status, message) => new ControlError(message, [], status));
      scope.addHook('onRequest', async (request) =>
        authoriseControlRequest(request, { storage: worlds, defaultWorld }),
      );
      await controlPlugin(scope, context);
    },
    { prefix: '/control' },
  );
};
