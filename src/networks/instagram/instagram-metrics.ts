import { lackedFor, PermissionNeeds } from '../account-permissions';
import { GraphApi } from '../graph/graph-api';
import { readGraphInsights } from '../graph/graph-insights';
import { graphRead, node } from '../graph/graph-publishing';
import { numberField } from '../http/json-fields';
import {
  AccountMetricsRequest,
  countOf,
  MetricNames,
  MetricReading,
  MetricValue,
  PostMetricsRequest,
} from '../metrics/metric-reading';

/**
 * Media insights (lifetime). Instagram reports some only for some media (a metric that does not
 * apply to a medium's type is refused for it), and all of them only with the insights permission.
 */
const MEDIA_INSIGHTS = [
  { graphName: 'views', name: 'views' },
  { graphName: 'reach', name: 'reach' },
  { graphName: 'shares', name: 'shares' },
  { graphName: 'saved', name: 'saves' },
];

/** Counts read from the medium's own fields (instagramPostMetrics answers these beside its insights). */
const MEDIA_FIELDS = ['likes', 'comments'] as const;
/** An account's counts (instagramAccountMetrics answers exactly these). */
const ACCOUNT_METRICS = ['followers', 'following', 'posts'] as const;

/** The metrics Instagram reports: a medium's insights and counts, and an account's counts. */
export const INSTAGRAM_METRIC_NAMES: MetricNames = {
  post: [...MEDIA_INSIGHTS.map((metric) => metric.name), ...MEDIA_FIELDS],
  account: ACCOUNT_METRICS,
};

/**
 * A medium's metrics: likes and comments from its fields (always readable by its owner), the rest
 * from its insights.
 */
export async function instagramPostMetrics(
  api: GraphApi,
  request: PostMetricsRequest,
  needs: PermissionNeeds,
): Promise<MetricReading> {
  const token = request.tokens.accessToken;
  const body = await graphRead(api, node(request.platformPostId), token, { fields: 'like_count,comments_count' });
  const insights = await readGraphInsights(
    api,
    request.platformPostId,
    token,
    MEDIA_INSIGHTS,
    lackedFor(needs, 'metrics', request.permissions),
  );
  const counts = {
    likes: countOf(numberField(body, 'like_count')),
    comments: countOf(numberField(body, 'comments_count')),
  } satisfies Record<(typeof MEDIA_FIELDS)[number], MetricValue>;
  return { ...insights, ...counts };
}

/** An Instagram professional account's followers, follows and media count. */
export async function instagramAccountMetrics(api: GraphApi, request: AccountMetricsRequest): Promise<MetricReading> {
  const body = await graphRead(api, node(request.networkAccountId), request.tokens.accessToken, {
    fields: 'followers_count,follows_count,media_count',
  });
  return {
    followers: countOf(numberField(body, 'followers_count')),
    following: countOf(numberField(body, 'follows_count')),
    posts: countOf(numberField(body, 'media_count')),
  } satisfies Record<(typeof ACCOUNT_METRICS)[number], MetricValue>;
}
