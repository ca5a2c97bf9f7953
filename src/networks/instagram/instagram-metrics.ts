import { lackedFor, PermissionNeeds } from '../account-permissions';
import { GraphApi } from '../graph/graph-api';
import { readGraphInsights } from '../graph/graph-insights';
import { graphRead, node } from '../graph/graph-publishing';
import { numberField } from '../http/json-fields';
import { AccountMetricsRequest, countOf, MetricReading, PostMetricsRequest } from '../metrics/metric-reading';

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
  return {
    ...insights,
    likes: countOf(numberField(body, 'like_count')),
    comments: countOf(numberField(body, 'comments_count')),
  };
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
  };
}
