import { GraphApi } from '../graph/graph-api';
import { readGraphInsights } from '../graph/graph-insights';
import { graphRead, node } from '../graph/graph-publishing';
import { numberField, recordField } from '../http/json-fields';
import {
  AccountMetricsRequest,
  countOf,
  MetricReading,
  PostMetricsRequest,
  unavailable,
} from '../metrics/metric-reading';
import { NetworkError } from '../network-error';

/** Page post insights (lifetime): how often the post was shown, and to how many people. */
const POST_INSIGHTS = [
  { graphName: 'post_impressions', name: 'impressions' },
  { graphName: 'post_impressions_unique', name: 'reach' },
];

/** Engagement read from the post node itself: totals only, no individual reactions or comments. */
const ENGAGEMENT_FIELDS = 'reactions.summary(total_count).limit(0),comments.summary(total_count).limit(0),shares';

function summaryTotal(body: Record<string, unknown>, edge: string): number | undefined {
  const summary = recordField(recordField(body, edge) ?? {}, 'summary');
  return summary ? numberField(summary, 'total_count') : undefined;
}

/**
 * A Page post's metrics: reactions, comments and shares from the post's fields, impressions and
 * reach from its insights (which need the read_insights permission; without it they are
 * unavailable and the rest still answers). Graph leaves `shares` out of a post nobody shared.
 */
export async function facebookPostMetrics(api: GraphApi, request: PostMetricsRequest): Promise<MetricReading> {
  const token = request.tokens.accessToken;
  let engagement: MetricReading;
  try {
    const body = await graphRead(api, node(request.platformPostId), token, { fields: ENGAGEMENT_FIELDS });
    engagement = {
      reactions: countOf(summaryTotal(body, 'reactions')),
      comments: countOf(summaryTotal(body, 'comments')),
      shares: countOf(numberField(recordField(body, 'shares') ?? { count: 0 }, 'count')),
    };
  } catch (error) {
    // A video or photo node has no such fields (code 100): those counts are unavailable for it.
    if (!(error instanceof NetworkError) || error.kind !== 'permanent' || error.details.code !== 100) throw error;
    const refused = unavailable('unsupported_media_type', error.message);
    engagement = { reactions: refused, comments: refused, shares: refused };
  }
  const insights = await readGraphInsights(api, request.platformPostId, token, POST_INSIGHTS);
  return { ...insights, ...engagement };
}

/** A Page's followers (people who follow it) and fans (people who like it). */
export async function facebookAccountMetrics(api: GraphApi, request: AccountMetricsRequest): Promise<MetricReading> {
  const body = await graphRead(api, node(request.networkAccountId), request.tokens.accessToken, {
    fields: 'followers_count,fan_count',
  });
  return {
    followers: countOf(numberField(body, 'followers_count')),
    fans: countOf(numberField(body, 'fan_count')),
  };
}
