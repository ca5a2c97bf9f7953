import { lackedFor, PermissionNeeds } from '../account-permissions';
import { arrayField, isRecord, numberField, recordField, stringField } from '../http/json-fields';
import {
  AccountMetricsRequest,
  countOf,
  MetricNames,
  MetricReading,
  PostMetricsRequest,
  unavailable,
} from '../metrics/metric-reading';
import { NetworkError } from '../network-error';
import { ThreadsApi, threadsNode } from './threads-api';

/**
 * A post's insights (the collection's `metrics_post`), in the service's names: a reply is a
 * comment (as Facebook's and Instagram's), a Threads share (sent to someone) is `shares` as
 * Instagram's is; a repost keeps its own name.
 */
const POST_INSIGHTS: Record<string, string> = {
  views: 'views',
  likes: 'likes',
  replies: 'comments',
  reposts: 'reposts',
  quotes: 'quotes',
  shares: 'shares',
};

/** A profile's insights read as totals (`metrics_account`), in the service's names. */
const ACCOUNT_INSIGHTS: Record<string, string> = { followers_count: 'followers' };

export const THREADS_METRIC_NAMES: MetricNames = {
  post: Object.values(POST_INSIGHTS),
  account: Object.values(ACCOUNT_INSIGHTS),
};

function valuesOf(body: unknown, read: (entry: Record<string, unknown>) => number | undefined): Map<string, number> {
  const data = isRecord(body) ? (arrayField(body, 'data') ?? []) : [];
  const values = new Map<string, number>();
  for (const entry of data.filter(isRecord)) {
    const name = stringField(entry, 'name');
    const value = read(entry);
    if (name && value !== undefined) values.set(name, value);
  }
  return values;
}

/** `values[0].value` of a lifetime metric. */
const lifetimeValue = (entry: Record<string, unknown>) => {
  const [first] = (arrayField(entry, 'values') ?? []).filter(isRecord);
  return first ? numberField(first, 'value') : undefined;
};

/** `total_value.value` of a profile total. */
const totalValue = (entry: Record<string, unknown>) => numberField(recordField(entry, 'total_value') ?? {}, 'value');

/**
 * `GET /{threads-media-id}/insights?metric=views,likes,replies,reposts,quotes,shares` with
 * threads_manage_insights; without it (granted or refused) every metric is missing_permission.
 */
export async function threadsPostMetrics(
  api: ThreadsApi,
  request: PostMetricsRequest,
  needs: PermissionNeeds,
): Promise<MetricReading> {
  const lacking = lackedFor(needs, 'metrics', request.permissions);
  const allUnavailable = (message: string) =>
    Object.fromEntries(Object.values(POST_INSIGHTS).map((name) => [name, unavailable('missing_permission', message)]));
  if (lacking.length) return allUnavailable(`The login lacks ${lacking.join(', ')}`);
  let body: unknown;
  try {
    body = await api.read(threadsNode(request.platformPostId, 'insights'), request.tokens.accessToken, {
      metric: Object.keys(POST_INSIGHTS).join(','),
    });
  } catch (error) {
    if (error instanceof NetworkError && error.details.permissionDenied) return allUnavailable(error.message);
    throw error;
  }
  const values = valuesOf(body, lifetimeValue);
  return Object.fromEntries(Object.entries(POST_INSIGHTS).map(([metric, name]) => [name, countOf(values.get(metric))]));
}

/** `GET /{threads-user-id}/threads_insights?metric=followers_count`: the profile's followers. */
export async function threadsAccountMetrics(api: ThreadsApi, request: AccountMetricsRequest): Promise<MetricReading> {
  const body = await api.read(threadsNode(request.networkAccountId, 'threads_insights'), request.tokens.accessToken, {
    metric: Object.keys(ACCOUNT_INSIGHTS).join(','),
  });
  const values = valuesOf(body, totalValue);
  return Object.fromEntries(
    Object.entries(ACCOUNT_INSIGHTS).map(([metric, name]) => [name, countOf(values.get(metric))]),
  );
}
