import { FastifyInstance } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { accountMetric, countMetricsRead, postMetric } from '../metrics/emulated-metrics';
import { EmulatorState } from '../state/emulator-state';
import { PublishedItem } from '../state/published-log';
import { authorizeXCall } from './x-access';
import { xProblems } from './x-errors';

/** A tweet's public metrics, with the rough size of each after a day. */
const TWEET_METRICS: Readonly<Record<string, number>> = {
  repost_count: 4,
  reply_count: 3,
  like_count: 15,
  quote_count: 1,
  bookmark_count: 2,
  impression_count: 800,
};

const TWEET_FIELDS = new Set(['public_metrics', 'created_at', 'author_id', 'conversation_id', 'attachments']);

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

/** A profile's public metrics: followers and follows steady per profile, tweets counted from what it posted. */
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

type TweetLookup = { Params: { id: string }; Querystring: Record<string, string | undefined> };

/**
 * `GET /2/tweets/:id`: one tweet, with `public_metrics` when `tweet.fields` asks for them. A tweet
 * that is gone answers 200 with an `errors` entry and no `data`, as X's lookups do.
 */
export function registerXMetricsRoutes(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;
  fastify.get<TweetLookup>('/2/tweets/:id', async (request, reply) => {
    await authorizeXCall(state, request, reply, { endpoint: 'tweetLookup', scopes: ['tweet.read', 'users.read'] });
    const requested = (request.query['tweet.fields'] ?? '').split(',').filter(Boolean);
    const unknown = requested.find((field) => !TWEET_FIELDS.has(field));
    if (unknown)
      throw xProblems.invalid(
        'tweet.fields',
        `The \`tweet.fields\` query parameter value [${unknown}] is not one of [${[...TWEET_FIELDS].join(',')}]`,
      );
    const id = request.params.id;
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
            type: 'https://api.twitter.com/2/problems/resource-not-found',
          },
        ],
      };
    const fields = new Set(requested);
    if (fields.has('public_metrics')) countMetricsRead(state, 'x', id);
    return {
      data: {
        id,
        text: tweet.text,
        edit_history_tweet_ids: [id],
        ...(fields.has('public_metrics') ? { public_metrics: tweetMetrics(state, tweet) } : {}),
        ...(fields.has('created_at') ? { created_at: tweet.publishedAt } : {}),
        ...(fields.has('author_id') ? { author_id: tweet.accountId } : {}),
        ...(fields.has('conversation_id') ? { conversation_id: tweet.replyToId ?? id } : {}),
      },
    };
  });
}
