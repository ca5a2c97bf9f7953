import { FastifyInstance } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { registerXContractChecks } from '../contracts/openapi-contract-checks';
import { registerXMediaRoutes } from './x-media.routes';
import { registerXMetricsRoutes } from './x-metrics.routes';
import { registerXOAuthRoutes } from './x-oauth.routes';
import { registerXSearchRoutes } from './x-search.routes';
import { registerXTweetRoutes } from './x-tweets.routes';
import { registerXUserRoutes } from './x-users.routes';

/** api.x.com: OAuth 2.0 token and revoke, users/me, tweets and media upload. */
export async function xApiPlugin(fastify: FastifyInstance, context: EmulatorContext): Promise<void> {
  registerXContractChecks(fastify, context);
  registerXOAuthRoutes(fastify, context);
  registerXUserRoutes(fastify, context);
  registerXTweetRoutes(fastify, context);
  registerXSearchRoutes(fastify, context);
  registerXMediaRoutes(fastify, context);
  registerXMetricsRoutes(fastify, context);
}
