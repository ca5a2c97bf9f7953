import { FastifyInstance } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { registerInstagramPublishRoutes } from '../instagram/instagram-publish.routes';
import { registerFacebookAccountRoutes } from './facebook-accounts.routes';
import { registerFacebookObjectRoutes } from './facebook-objects.routes';
import { registerFacebookPublishRoutes } from './facebook-publish.routes';
import { registerFacebookTokenRoutes } from './facebook-token.routes';
import { registerFacebookVideoRoutes } from './facebook-video.routes';

/** graph.facebook.com/v25.0, including the Instagram publishing endpoints Facebook Login uses. */
export async function facebookGraphPlugin(fastify: FastifyInstance, context: EmulatorContext): Promise<void> {
  registerFacebookTokenRoutes(fastify, context);
  registerFacebookAccountRoutes(fastify, context);
  registerFacebookPublishRoutes(fastify, context);
  registerFacebookVideoRoutes(fastify, context);
  registerInstagramPublishRoutes(fastify, context, 'facebook');
  registerFacebookObjectRoutes(fastify, context);
}
