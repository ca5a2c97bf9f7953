import { FastifyInstance } from 'fastify';
import { UNIVERSAL_GRAPH_PARAMS } from '../../contracts';
import { EmulatorContext } from '../emulator-context';
import { graphErrors } from '../graph/graph-errors';
import { FACEBOOK_VIDEOS } from './facebook-stored-objects';
import { authorizePagePublish } from './facebook-page-access';

/**
 * `POST /{page-post-id}` with `message`: a Page post's message changed in place (the `#update` API of
 * Meta's PagePost spec, contracts/meta/specs/PagePost.json), with that Page's token and the
 * permissions publishing needs; answered `{"success": true}`. The emulator edits the message only:
 * any other parameter of the spec (is_hidden, privacy, …) or one the spec lacks is refused as
 * Graph refuses a parameter (code 100), so a caller cannot believe it changed what it did not. A
 * video (a Video node: its text is a `description`) and a comment are not Page posts here.
 */
export function registerFacebookPostEditRoutes(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;

  fastify.post<{ Params: { id: string } }>('/:id', async (request) => {
    const id = request.params.id;
    const post = state.published.find('facebook', id);
    if (!post || post.deletedAt || post.parentId || state.objects.of(FACEBOOK_VIDEOS).has(id))
      throw graphErrors.unknownObject(id, 'post');
    const { params } = await authorizePagePublish(context, request, post.accountId);
    for (const name of Object.keys(params))
      if (name !== 'message' && !UNIVERSAL_GRAPH_PARAMS.has(name))
        throw graphErrors.invalidParameter(
          `Param ${name} is not a parameter the emulator edits: it edits message only`,
        );
    if (params.message === undefined) throw graphErrors.invalidParameter('The parameter message is required');
    if (!params.message && post.media.length === 0) throw graphErrors.invalidParameter('Missing message or attachment');
    post.text = params.message;
    post.editedAt = new Date(state.now()).toISOString();
    return { success: true };
  });
}
