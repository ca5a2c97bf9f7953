import { FastifyInstance } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { OpenApiContract } from '../../contracts';
import { registerGraphContractChecks } from '../contracts/graph-contract-checks';
import { registerOpenApiChecks } from '../contracts/openapi-contract-checks';
import { registerFacebookAccountRoutes } from './facebook-accounts.routes';
import { registerFacebookInsightsRoutes } from './facebook-insights.routes';
import { registerFacebookObjectRoutes } from './facebook-objects.routes';
import { registerFacebookPostEditRoutes } from './facebook-post-edit.routes';
import { registerFacebookPublishRoutes } from './facebook-publish.routes';
import { registerFacebookTokenRoutes } from './facebook-token.routes';
import { registerFacebookVideoRoutes } from './facebook-video.routes';
import { registerFacebookReelsStoriesRoutes } from './facebook-reels-stories.routes';

/**
 * graph.facebook.com/v25.0. The Instagram publishing endpoints Facebook Login uses are served here
 * too, by the Instagram network (its descriptor's dependsOn), in a scope of their own.
 */
export async function facebookGraphPlugin(fastify: FastifyInstance, context: EmulatorContext): Promise<void> {
  registerGraphContractChecks(fastify, context, 'facebook');
  registerOpenApiChecks(fastify, context, {
    contractFor: () => OpenApiContract.metaOAuth('graph.facebook.com'),
    unmatched: 'ignore',
  });
  registerFacebookTokenRoutes(fastify, context);
  registerFacebookAccountRoutes(fastify, context);
  registerFacebookPublishRoutes(fastify, context);
  registerFacebookVideoRoutes(fastify, context);
  registerFacebookReelsStoriesRoutes(fastify, context);
  registerFacebookInsightsRoutes(fastify, context);
  registerFacebookObjectRoutes(fastify, context);
  registerFacebookPostEditRoutes(fastify, context);
}
