import { FastifyPluginAsync } from 'fastify';
import { registerConsentRoute } from './consent/consent-flow';
import { ConsentPageError } from './consent/consent-page';
import { ControlError } from './control/control-error';
import { controlPlugin } from './control/control.plugin';
import { builtInEmulatorRegistry } from './emulated-networks';
import { EmulatorContext } from './emulator-context';
import { installErrorHandlers } from './emulator-errors';
import { registerEmulatorBodyParsers } from './http/body-parsers';
import { EmulatedNetworkDescriptor, ServingEmulatorState } from './registry/emulated-network';
import { EmulatorState } from './state/emulator-state';

function isLoopback(address: string | undefined): boolean {
  return !!address && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));
}

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
}

/**
 * The built-in network emulator: every network of its state's registry (Facebook Graph, Instagram
 * and X as described in docs/networks.md), plus a control API. A plain Fastify plugin in its own
 * encapsulated scope, so it has its own body parsers (form, multipart) and error shapes and never
 * meets the API's key guard or envelope. Register it with a prefix (`/emulator`); every path below
 * is relative to it. Each network gets a scope of its own at its path prefix, with its error shape.
 */
export const emulatorPlugin: FastifyPluginAsync<EmulatorPluginOptions> = async (fastify, options) => {
  const state = options.state ?? new EmulatorState({ registry: builtInEmulatorRegistry() });
  const context: EmulatorContext = { state, publicUrl: options.publicUrl };
  const emulatorPrefix = fastify.prefix;
  const serviceUrl = options.serviceUrl ?? options.publicUrl;
  const registeredCallbacks = serviceUrl ? `${serviceUrl}/oauth/` : undefined;

  registerEmulatorBodyParsers(fastify);
  installErrorHandlers(fastify, emulatorPrefix, (_path, status, message) => ConsentPageError.unroutable('Network emulator', status, message));

  const mountNetwork = async (network: EmulatedNetworkDescriptor) => {
    await fastify.register(
      async (scope) => {
        installErrorHandlers(scope, emulatorPrefix, network.errorShape);
        if (network.consent) registerConsentRoute(scope, network.id, network.consent, state, registeredCallbacks);
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

  // The control API changes what every customer sees of the emulated networks: loopback callers only.
  await fastify.register(
    async (scope) => {
      installErrorHandlers(scope, emulatorPrefix, (_path, status, message) => new ControlError(message, [], status));
      scope.addHook('onRequest', async (request, reply) => {
        if (!isLoopback(request.socket.remoteAddress)) return reply.status(403).send({ error: 'The emulator control API answers loopback callers only' });
      });
      await controlPlugin(scope, context);
    },
    { prefix: '/control' },
  );
};
