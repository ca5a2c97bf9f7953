import { FastifyInstance } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { registerGraphContractChecks } from '../contracts/graph-contract-checks';
import { graphErrors } from '../graph/graph-errors';
import { parseFields } from '../graph/graph-fields';
import { authorizeInstagramCall } from './instagram-access';
import { commentOnInstagramMedia, listInstagramComments, readInstagramObject } from './instagram-objects';
import { INSTAGRAM_USER_DEFAULT_FIELDS, instagramUserNode } from './instagram-nodes';
import { instagramInsights } from './instagram-insights';
import { refuseInstagramLoginDelete } from './instagram-media-delete';
import { registerInstagramPublishRoutes } from './instagram-publish.routes';

type IdParams = { Params: { id: string } };

/** graph.instagram.com/v25.0: the Instagram Login user, its objects and content publishing. */
export async function instagramGraphPlugin(fastify: FastifyInstance, context: EmulatorContext): Promise<void> {
  const { state } = context;
  registerGraphContractChecks(fastify, context, 'instagram');

  fastify.get('/me', async (request) => {
    const { params, account } = await authorizeInstagramCall(context, request, 'instagram', 'me');
    return instagramUserNode(state, account, parseFields(params.fields, INSTAGRAM_USER_DEFAULT_FIELDS), {
      appScopedId: true,
      instagramHost: true,
    });
  });

  registerInstagramPublishRoutes(fastify, context, 'instagram');

  fastify.get<IdParams>('/:id', async (request) =>
    readInstagramObject(context, request, 'instagram', request.params.id),
  );

  fastify.delete<IdParams>('/:id', async (request) => refuseInstagramLoginDelete(context, request, request.params.id));

  fastify.get<IdParams>('/:id/insights', async (request) => {
    const media = state.published.find('instagram', request.params.id);
    if (!media) throw graphErrors.unknownObject(request.params.id).forInstagram();
    return instagramInsights(context, request, 'instagram', media);
  });

  fastify.post<IdParams>('/:id/comments', async (request) => {
    const media = state.published.find('instagram', request.params.id);
    if (!media) throw graphErrors.unknownObject(request.params.id).forInstagram();
    return commentOnInstagramMedia(context, request, 'instagram', media);
  });

  fastify.get<IdParams>('/:id/comments', async (request) => {
    const media = state.published.find('instagram', request.params.id);
    if (!media) throw graphErrors.unknownObject(request.params.id).forInstagram();
    return listInstagramComments(context, request, 'instagram', media);
  });

  fastify.post<IdParams>('/:id/replies', async (request) => {
    const comment = state.published.find('instagram', request.params.id);
    if (!comment) throw graphErrors.unknownObject(request.params.id).forInstagram();
    return commentOnInstagramMedia(context, request, 'instagram', comment, 'replies');
  });

  fastify.get<IdParams>('/:id/replies', async (request) => {
    const comment = state.published.find('instagram', request.params.id);
    if (!comment) throw graphErrors.unknownObject(request.params.id).forInstagram();
    return listInstagramComments(context, request, 'instagram', comment, 'replies');
  });
}
