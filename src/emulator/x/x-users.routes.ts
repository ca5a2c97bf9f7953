import { FastifyInstance } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { authorizeXCall } from './x-access';
import { xProblems } from './x-errors';
import { xUserMetrics } from './x-metrics.routes';
import { xIncludes, xPostView } from './x-post-view';
import { xPathId, xQuery } from './x-query';

type Query = { Querystring: Record<string, unknown> };
type UserTimeline = Query & { Params: { id: string } };

/** `GET /2/users/me` and the user's own recent tweets, with the parameters X's spec names. */
export function registerXUserRoutes(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;

  fastify.get<Query>('/2/users/me', async (request, reply) => {
    const { profile } = await authorizeXCall(state, request, reply, {
      endpoint: 'usersMe',
      scopes: ['tweet.read', 'users.read'],
    });
    // Every user field the spec lists is accepted; the emulator fills those it keeps.
    const fields = xQuery('GET /2/users/me', request.query).list('user.fields');
    return {
      data: {
        id: profile.id,
        name: profile.name,
        username: profile.username,
        ...(fields.has('profile_image_url') ? { profile_image_url: profile.profileImageUrl } : {}),
        ...(fields.has('public_metrics') ? { public_metrics: xUserMetrics(state, profile.id) } : {}),
        ...(fields.has('subscription_type') ? { subscription_type: profile.subscriptionType ?? 'None' } : {}),
      },
    };
  });

  // Recent tweets, newest first: how a publisher checks whether a tweet already went out.
  fastify.get<UserTimeline>('/2/users/:id/tweets', async (request, reply) => {
    const { profile } = await authorizeXCall(state, request, reply, {
      endpoint: 'timeline',
      scopes: ['tweet.read', 'users.read'],
    });
    const query = xQuery('GET /2/users/:id/tweets', request.query);
    if (xPathId('id', request.params.id) !== profile.id)
      throw xProblems.forbidden("The emulator only lists the authenticated user's own tweets.");
    const maxResults = Number(query.value('max_results') ?? 10);
    const withoutReplies = query.list('exclude').has('replies');
    const tweets = state.published
      .list({ network: 'x', accountId: profile.id })
      .filter((item) => !item.deletedAt && !(withoutReplies && item.replyToId))
      .reverse()
      .slice(0, maxResults);
    if (tweets.length === 0) return { meta: { result_count: 0 } };
    const includes = xIncludes(state, tweets, query);
    return {
      data: tweets.map((item) => xPostView(state, item, query)),
      ...(includes ? { includes } : {}),
      meta: { result_count: tweets.length, newest_id: tweets[0].postId, oldest_id: tweets[tweets.length - 1].postId },
    };
  });
}
