import { FastifyInstance } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { EmulatorState } from '../state/emulator-state';
import { authorizeXCall } from './x-access';
import { xProblems } from './x-errors';
import { xUserMetrics } from './x-metrics.routes';
import { X_MEDIA } from './x-stored-objects';

type Query = { Querystring: Record<string, string | undefined> };
type UserTimeline = Query & { Params: { id: string } };

const USER_FIELDS = new Set([
  'profile_image_url',
  'created_at',
  'description',
  'verified',
  'protected',
  'url',
  'public_metrics',
]);

/** X names a tweet's media by media key (`3_{media id}` for an image), as the upload answered it. */
function mediaKeyOf(state: EmulatorState, mediaId: string): string {
  return state.objects.of(X_MEDIA).get(mediaId)?.mediaKey ?? `3_${mediaId}`;
}

/** `GET /2/users/me` and the user's own recent tweets. */
export function registerXUserRoutes(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;

  fastify.get<Query>('/2/users/me', async (request, reply) => {
    const { profile } = await authorizeXCall(state, request, reply, {
      endpoint: 'usersMe',
      scopes: ['tweet.read', 'users.read'],
    });
    const requested = (request.query['user.fields'] ?? '').split(',').filter(Boolean);
    const unknown = requested.filter((field) => !USER_FIELDS.has(field));
    if (unknown.length)
      throw xProblems.invalid(
        'user.fields',
        `The \`user.fields\` query parameter value [${unknown[0]}] is not one of [${[...USER_FIELDS].join(',')}]`,
      );
    return {
      data: {
        id: profile.id,
        name: profile.name,
        username: profile.username,
        ...(requested.includes('profile_image_url') ? { profile_image_url: profile.profileImageUrl } : {}),
        ...(requested.includes('public_metrics') ? { public_metrics: xUserMetrics(state, profile.id) } : {}),
      },
    };
  });

  // Recent tweets, newest first: how a publisher checks whether a tweet already went out.
  fastify.get<UserTimeline>('/2/users/:id/tweets', async (request, reply) => {
    const { profile } = await authorizeXCall(state, request, reply, {
      endpoint: 'timeline',
      scopes: ['tweet.read', 'users.read'],
    });
    if (request.params.id !== profile.id)
      throw xProblems.forbidden("The emulator only lists the authenticated user's own tweets.");
    const maxResults = Number(request.query.max_results ?? 10);
    if (!Number.isInteger(maxResults) || maxResults < 5 || maxResults > 100)
      throw xProblems.invalid('max_results', 'The `max_results` query parameter value must be between 5 and 100');
    const tweets = state.published
      .list({ network: 'x', accountId: profile.id })
      .filter((item) => !item.deletedAt)
      .reverse()
      .slice(0, maxResults);
    if (tweets.length === 0) return { meta: { result_count: 0 } };
    const fields = new Set((request.query['tweet.fields'] ?? '').split(',').filter(Boolean));
    return {
      data: tweets.map((item) => ({
        id: item.postId,
        text: item.text,
        edit_history_tweet_ids: [item.postId],
        ...(fields.has('created_at') ? { created_at: item.publishedAt } : {}),
        ...(fields.has('referenced_tweets') && item.replyToId
          ? { referenced_tweets: [{ type: 'replied_to', id: item.replyToId }] }
          : {}),
        ...(fields.has('attachments') && item.media.length > 0
          ? { attachments: { media_keys: item.media.map((medium) => mediaKeyOf(state, medium.id)) } }
          : {}),
      })),
      meta: { result_count: tweets.length, newest_id: tweets[0].postId, oldest_id: tweets[tweets.length - 1].postId },
    };
  });
}
