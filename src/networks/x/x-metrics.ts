import { isRecord, numberField, recordField } from '../http/json-fields';
import {
  AccountMetricsRequest,
  countOf,
  MetricNames,
  MetricReading,
  PostMetricsRequest,
} from '../metrics/metric-reading';
import { XApi } from './x-api';
import { POST_FIELDS } from './x-post-fields';

/**
 * The service's name of each public metric, and the fields X reports it in, first X's current name.
 * X's OpenAPI document renamed `retweet_count` to `repost_count` and `tweet_count` to `post_count`
 * (PostPublicMetrics, UserPublicMetrics); an answer under the former name is still read.
 */
const TWEET_METRICS: Record<string, readonly string[]> = {
  impressions: ['impression_count'],
  likes: ['like_count'],
  comments: ['reply_count'],
  shares: ['repost_count', 'retweet_count'],
  quotes: ['quote_count'],
  bookmarks: ['bookmark_count'],
};

const USER_METRICS: Record<string, readonly string[]> = {
  followers: ['followers_count'],
  following: ['following_count'],
  posts: ['post_count', 'tweet_count'],
};

/** The metrics X reports: each reading has exactly these (publicMetrics maps the tables). */
export const X_METRIC_NAMES: MetricNames = { post: Object.keys(TWEET_METRICS), account: Object.keys(USER_METRICS) };

function publicMetrics(api: XApi, body: unknown, metrics: Record<string, readonly string[]>): MetricReading {
  const data = isRecord(body) ? recordField(body, 'data') : undefined;
  if (!data) throw api.unexpected('no data in the answer');
  const reported = recordField(data, 'public_metrics') ?? {};
  const first = (fields: readonly string[]) =>
    fields.map((field) => numberField(reported, field)).find((value) => value !== undefined);
  return Object.fromEntries(Object.entries(metrics).map(([name, fields]) => [name, countOf(first(fields))]));
}

function bearer(accessToken: string): Record<string, string> {
  return { authorization: `Bearer ${accessToken}` };
}

/** `GET /2/tweets/:id?post.fields=public_metrics`: counts anyone may read, with the author's token. */
export async function xPostMetrics(api: XApi, request: PostMetricsRequest): Promise<MetricReading> {
  const body = await api.send({
    method: 'GET',
    url: api.url(`/2/tweets/${encodeURIComponent(request.platformPostId)}`),
    query: { [POST_FIELDS]: 'public_metrics' },
    headers: bearer(request.tokens.accessToken),
  });
  return publicMetrics(api, body, TWEET_METRICS);
}

/** `GET /2/users/me?user.fields=public_metrics`: the profile's followers, follows and tweets. */
export async function xAccountMetrics(api: XApi, request: AccountMetricsRequest): Promise<MetricReading> {
  const body = await api.send({
    method: 'GET',
    url: api.url('/2/users/me'),
    query: { 'user.fields': 'public_metrics' },
    headers: bearer(request.tokens.accessToken),
  });
  return publicMetrics(api, body, USER_METRICS);
}
