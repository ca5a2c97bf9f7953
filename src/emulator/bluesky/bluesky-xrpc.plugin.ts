import { FastifyInstance } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { registerBlueskyAppviewRoutes } from './bluesky-appview.routes';
import { xrpcErrors } from './bluesky-errors';
import { registerBlueskyContractChecks } from './bluesky-contract-checks';
import { registerBlueskyRepoRoutes } from './bluesky-repo.routes';
import { registerBlueskyServiceAuthRoutes } from './bluesky-service-auth';
import { registerBlueskySessionRoutes } from './bluesky-session.routes';

/** A PDS's XRPC methods (https://atproto.com/specs/xrpc), below /xrpc, with the appview reads it forwards. */
export async function blueskyXrpcPlugin(fastify: FastifyInstance, context: EmulatorContext): Promise<void> {
  registerBlueskyContractChecks(fastify);
  registerBlueskySessionRoutes(fastify, context);
  registerBlueskyRepoRoutes(fastify, context);
  registerBlueskyServiceAuthRoutes(fastify, context);
  registerBlueskyAppviewRoutes(fastify, context);
  // Any other method: what xrpc-server answers (501), after the contract hook has logged the call.
  fastify.route({
    method: ['GET', 'POST'],
    url: '/:nsid',
    handler: async () => {
      throw xrpcErrors.methodNotImplemented();
    },
  });
}
