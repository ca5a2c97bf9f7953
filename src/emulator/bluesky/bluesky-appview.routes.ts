import { FastifyInstance } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { EmulatorState } from '../state/emulator-state';
import { PublishedItem } from '../state/published-log';
import { authorizeBlueskyCall } from './bluesky-access';
import { XrpcError, xrpcErrors } from './bluesky-errors';
import { postView, profileView, repliesTo } from './bluesky-post-view';
import { findBlueskyByIdentifier } from './bluesky-test-user';

type Fields = Record<string, unknown>;
const listOf = (value: unknown): string[] =>
  value === undefined ? [] : (Array.isArray(value) ? value : [value]).map(String);

function livePost(state: EmulatorState, uri: string): PublishedItem | undefined {
  const item = state.published.find('bluesky', uri);
  return item && !item.deletedAt ? item : undefined;
}

/** A threadViewPost and its replies down to `depth`, newest first as the appview sorts them by default. */
function threadView(state: EmulatorState, item: PublishedItem, depth: number): Fields {
  const replies =
    depth > 0
      ? repliesTo(state, item.postId)
          .reverse()
          .map((reply) => threadView(state, reply, depth - 1))
      : undefined;
  return {
    $type: 'app.bsky.feed.defs#threadViewPost',
    post: postView(state, item),
    ...(replies ? { replies } : {}),
  };
}

/**
 * The appview reads a PDS forwards (https://docs.bsky.app/docs/api/app-bsky-feed-get-posts and
 * siblings): posts with their counts, a post's thread, a profile; and the handle resolution a PDS
 * answers itself.
 */
export function registerBlueskyAppviewRoutes(fastify: FastifyInstance, { state }: EmulatorContext): void {
  fastify.get('/app.bsky.feed.getPosts', async (request, reply) => {
    await authorizeBlueskyCall(state, request, reply);
    const uris = listOf((request.query as Fields).uris);
    if (uris.length > 25) throw xrpcErrors.invalidRequest('uris must not have more than 25 elements');
    // Posts that are gone (or never were) are left out, as the appview does.
    const posts = uris.map((uri) => livePost(state, uri)).filter((item): item is PublishedItem => !!item);
    return { posts: posts.map((item) => postView(state, item)) };
  });

  fastify.get('/app.bsky.feed.getPostThread', async (request, reply) => {
    await authorizeBlueskyCall(state, request, reply);
    const query = request.query as Fields;
    const uri = String(query.uri ?? '');
    const depth = query.depth === undefined ? 6 : Number(query.depth);
    if (!Number.isInteger(depth) || depth < 0 || depth > 1000)
      throw xrpcErrors.invalidRequest('depth must be an integer from 0 to 1000');
    const item = livePost(state, uri);
    if (!item) throw new XrpcError(400, 'NotFound', `Post not found: ${uri}`);
    return { thread: threadView(state, item, depth) };
  });

  fastify.get('/app.bsky.actor.getProfile', async (request, reply) => {
    await authorizeBlueskyCall(state, request, reply);
    const actor = String((request.query as Fields).actor ?? '');
    const found = findBlueskyByIdentifier(state, actor);
    const view = found ? profileView(state, found.profile.did) : undefined;
    if (!view) throw xrpcErrors.invalidRequest('Profile not found');
    return view;
  });

  // A PDS resolves handles without a session.
  fastify.get('/com.atproto.identity.resolveHandle', async (request) => {
    const handle = String((request.query as Fields).handle ?? '');
    const found = handle.startsWith('did:') ? undefined : findBlueskyByIdentifier(state, handle);
    if (!found) throw xrpcErrors.invalidRequest('Unable to resolve handle');
    return { did: found.profile.did };
  });
}
