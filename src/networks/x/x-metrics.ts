import { isRecord, numberField, recordField } from '../http/json-fields';
import { AccountMetricsRequest, countOf, MetricReading, PostMetricsRequest } from '../metrics/metric-reading';
import { XApi } from './x-api';

/** X's public metrics of a tweet, by the service's names. */
const TWEET_METRICS: Record<string, string> = {
  impression_count: 'impressions',
  like_count: 'likes',
  reply_count: 'comments',
  retweet_count: 'shares',
  quote_count: 'quotes',
  bookmark_count: 'bookmarks',
};

const USER_METRICS: Record<string, string> = {
  followers_count: 'followers',
  following_count: 'following',
  tweet_count: 'posts',
};

function publicMetrics(api: XApi, body: unknown, metrics: Record<string, string>): MetricReading {
  const data = isRecord(body) ? recordField(body, 'data') : undefined;
  if (!data) throw api.unexpected('no data in the answer');
  const reported = recordField(data, 'public_metrics') ?? {};
  return Object.fromEntries(
    Object.entries(metrics).map(([field, name]) => [name, countOf(numberField(reported, field))]),
  );
}

function bearer(accessToken: string): Record<string, string> {
  return { authorization: `Bearer ${accessToken}` };
}

/** `GET /2/tweets/:id?tweet.fields=public_metrics`: counts anyone may read, with the author's token. */
export async function xPostMetrics(api: XApi, request: PostMetricsRequest): Promise<MetricReading> {
  const body = await api.send({
    method: 'GET',
    url: api.url(`/2/tweets/${encodeURIComponent(request.platformPostId)}`),
    query: { 'tweet.fields': 'public_metrics' },
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
