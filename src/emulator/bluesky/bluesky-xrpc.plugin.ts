import { FastifyInstance } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { registerBlueskyContractChecks } from './bluesky-contract-checks';
import { registerBlueskyRepoRoutes } from './bluesky-repo.routes';
import { registerBlueskySessionRoutes } from './bluesky-session.routes';

/** A PDS's XRPC methods (https://atproto.com/specs/xrpc), below /xrpc, with the appview reads it forwards. */
export async function blueskyXrpcPlugin(fastify: FastifyInstance, context: EmulatorContext): Promise<void> {
  registerBlueskyContractChecks(fastify);
  registerBlueskySessionRoutes(fastify, context);
  registerBlueskyRepoRoutes(fastify, context);
}
