import { FastifyInstance } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { accountMetric, countMetricsRead, postMetric } from '../metrics/emulated-metrics';
import { EmulatorState } from '../state/emulator-state';
import { PublishedItem } from '../state/published-log';
import { authorizeXCall } from './x-access';
import { X_PROBLEM_TYPES } from './x-errors';
import { xIncludes, xPostView } from './x-post-view';
import { xPathId, xQuery } from './x-query';

/** A tweet's public metrics by the spec's names (PostPublicMetrics), with the rough size of each after a day. */
const TWEET_METRICS: Readonly<Record<string, number>> = {
  repost_count: 4,
  reply_count: 3,
  like_count: 15,
  quote_count: 1,
  bookmark_count: 2,
  impression_count: 800,
};

/** Fields a test marked unsupported are left out, as X leaves out what it does not report. */
function present(entries: Array<[string, number | undefined]>): Record<string, number> {
  return Object.fromEntries(entries.filter((entry): entry is [string, number] => entry[1] !== undefined));
}

function tweetMetrics(state: EmulatorState, tweet: PublishedItem): Record<string, number> {
  return present(
    Object.entries(TWEET_METRICS).map(([name, scale]) => [
      name,
      postMetric(state, 'x', tweet.postId, name, scale, tweet.publishedAt),
    ]),
  );
}

/** A profile's public metrics (UserPublicMetrics): followers and follows steady per profile, tweets counted from what it posted. */
export function xUserMetrics(state: EmulatorState, userId: string): Record<string, number> {
  countMetricsRead(state, 'x', userId);
  const posted = state.published.list({ network: 'x', accountId: userId }).filter((item) => !item.deletedAt).length;
  return present([
    ['followers_count', accountMetric(state, 'x', userId, 'followers_count', 1500)],
    ['following_count', accountMetric(state, 'x', userId, 'following_count', 300)],
    ['post_count', accountMetric(state, 'x', userId, 'post_count', 0) === undefined ? undefined : posted],
    ['listed_count', accountMetric(state, 'x', userId, 'listed_count', 10)],
  ]);
}

type TweetLookup = { Params: { id: string }; Querystring: Record<string, unknown> };

/**
 * `GET /2/tweets/:id`: one tweet, with the `post.fields` and `expansions` X's spec names (its
 * `public_metrics` when asked). A tweet that is gone answers 200 with an `errors` entry and no
 * `data`, as X's lookups do.
 */
export function registerXMetricsRoutes(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;
  fastify.get<TweetLookup>('/2/tweets/:id', async (request, reply) => {
    await authorizeXCall(state, request, reply, { endpoint: 'tweetLookup', scopes: ['tweet.read', 'users.read'] });
    const query = xQuery('GET /2/tweets/:id', request.query);
    const id = xPathId('id', request.params.id);
    const tweet = state.published.find('x', id);
    if (!tweet || tweet.deletedAt)
      return {
        errors: [
          {
            value: id,
            detail: `Could not find tweet with id: [${id}].`,
            title: 'Not Found Error',
            resource_type: 'tweet',
            parameter: 'id',
            resource_id: id,
            type: X_PROBLEM_TYPES.resourceNotFound,
          },
        ],
      };
    if (query.list('post.fields').has('public_metrics')) countMetricsRead(state, 'x', id);
    const includes = xIncludes(state, [tweet], query);
    return {
      data: xPostView(state, tweet, query, (field) =>
        field === 'public_metrics' ? tweetMetrics(state, tweet) : undefined,
      ),
      ...(includes ? { includes } : {}),
    };
  });
}
