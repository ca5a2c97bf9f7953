import { FastifyPluginAsync } from 'fastify';
import { registerConsentRoute } from './consent/consent-flow';
import { controlPlugin } from './control/control.plugin';
import { EmulatorContext } from './emulator-context';
import { emulatorErrorHandlers } from './emulator-errors';
import { facebookConsent } from './facebook/facebook-consent';
import { facebookGraphPlugin } from './facebook/facebook-graph.plugin';
import { graphUsageHeaders } from './graph/usage-headers';
import { registerEmulatorBodyParsers } from './http/body-parsers';
import { instagramConsent } from './instagram/instagram-consent';
import { instagramGraphPlugin } from './instagram/instagram-graph.plugin';
import { registerInstagramCodeExchange, registerInstagramTokenRoutes } from './instagram/instagram-token.routes';
import { EmulatorState } from './state/emulator-state';
import { xApiPlugin } from './x/x-api.plugin';
import { xConsent } from './x/x-consent';

function isLoopback(address: string | undefined): boolean {
  return !!address && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));
}

export interface EmulatorPluginOptions {
  /** The store to serve from; one per process. A fresh one when omitted. */
  state?: EmulatorState;
  /** The emulator's public base URL, for absolute links; taken from each request when omitted. */
  publicUrl?: string;
  /**
   * The service whose OAuth callbacks (`<serviceUrl>/oauth/…`) the emulated apps have registered;
   * when omitted, publicUrl's (the emulator mounted in the service), else any callback.
   */
  serviceUrl?: string;
}

/**
 * The built-in network emulator: Facebook Graph, Instagram and X as described in NETWORKS.md,
 * plus a control API. A plain Fastify plugin in its own encapsulated scope, so it has its own body
 * parsers (form, multipart) and error shapes and never meets the API's key guard or envelope.
 * Register it with a prefix (`/emulator`); every path below is relative to it.
 */
export const emulatorPlugin: FastifyPluginAsync<EmulatorPluginOptions> = async (fastify, options) => {
  const state = options.state ?? new EmulatorState();
  const context: EmulatorContext = { state, publicUrl: options.publicUrl };
  const handlers = emulatorErrorHandlers(fastify.prefix);

  registerEmulatorBodyParsers(fastify);
  fastify.setErrorHandler(handlers.onError);
  fastify.setNotFoundHandler(handlers.onNotFound);
  // Graph reports app usage on every answer; handlers that count against a Page or account add their own.
  fastify.addHook('onSend', async (request, reply) => {
    if (/\/(facebook|instagram)\/graph\//.test(request.url) && !reply.hasHeader('X-App-Usage')) reply.headers(graphUsageHeaders({ exhausted: false }));
  });

  const serviceUrl = options.serviceUrl ?? options.publicUrl;
  const registeredCallbacks = serviceUrl ? `${serviceUrl}/oauth/` : undefined;
  registerConsentRoute(fastify, '/facebook/v25.0/dialog/oauth', state, facebookConsent, registeredCallbacks);
  registerConsentRoute(fastify, '/instagram/oauth/authorize', state, instagramConsent, registeredCallbacks);
  registerConsentRoute(fastify, '/x/i/oauth2/authorize', state, xConsent, registeredCallbacks);

  await fastify.register(async (scope) => facebookGraphPlugin(scope, context), { prefix: '/facebook/graph/v25.0' });
  await fastify.register(async (scope) => registerInstagramCodeExchange(scope, context), { prefix: '/instagram/api/oauth' });
  await fastify.register(async (scope) => registerInstagramTokenRoutes(scope, context), { prefix: '/instagram/graph' });
  await fastify.register(async (scope) => registerInstagramTokenRoutes(scope, context), { prefix: '/instagram/graph/v25.0' });
  await fastify.register(async (scope) => instagramGraphPlugin(scope, context), { prefix: '/instagram/graph/v25.0' });
  await fastify.register(async (scope) => xApiPlugin(scope, context), { prefix: '/x/api' });
  // The control API changes what every customer sees of the emulated networks: loopback callers only.
  await fastify.register(
    async (scope) => {
      scope.addHook('onRequest', async (request, reply) => {
        if (!isLoopback(request.socket.remoteAddress)) return reply.status(403).send({ error: 'The emulator control API answers loopback callers only' });
      });
      await controlPlugin(scope, context);
    },
    { prefix: '/control' },
  );
};
