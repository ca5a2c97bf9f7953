import { lackedFor } from '../account-permissions';
import { FACEBOOK_PERMISSION_NEEDS } from './facebook-permissions';
import { GraphApi } from '../graph/graph-api';
import { readGraphInsights } from '../graph/graph-insights';
import { graphRead, node } from '../graph/graph-publishing';
import { numberField, recordField } from '../http/json-fields';
import {
  AccountMetricsRequest,
  countOf,
  MetricNames,
  MetricReading,
  MetricValue,
  PostMetricsRequest,
  unavailable,
} from '../metrics/metric-reading';
import { NetworkError } from '../network-error';

/**
 * Page post insights (lifetime). Meta removed `post_impressions` (November 15, 2025) and
 * `post_impressions_unique` (by June 15, 2025) for every API version, naming these as their
 * replacements: how many times the post was seen (views) and by how many people (viewers).
 * developers.facebook.com/documentation/pages-api/platforminsights/page/deprecated-metrics
 */
const POST_INSIGHTS = [
  { graphName: 'post_media_view', name: 'views' },
  { graphName: 'post_total_media_view_unique', name: 'viewers' },
];

/**
 * Engagement read from the published object itself, totals only. A Page post (`{page}_{post}`)
 * has `shares`; a video is published as a Video node, which has the reactions and comments edges
 * but no `shares` field (Graph refuses the whole read over a field a node lacks).
 */
const POST_ENGAGEMENT_FIELDS = 'reactions.summary(total_count).limit(0),comments.summary(total_count).limit(0),shares';
const VIDEO_ENGAGEMENT_FIELDS = 'reactions.summary(total_count).limit(0),comments.summary(total_count).limit(0)';

/** The counts read from the published object itself (engagementOf answers exactly these). */
const ENGAGEMENT = ['reactions', 'comments', 'shares'] as const;
type Engagement = Record<(typeof ENGAGEMENT)[number], MetricValue>;
/** A Page's own counts (facebookAccountMetrics answers exactly these). */
const PAGE_METRICS = ['followers', 'fans'] as const;

/** The metrics Facebook reports: a post's insights and engagement, and a Page's counts. */
export const FACEBOOK_METRIC_NAMES: MetricNames = {
  post: [...POST_INSIGHTS.map((metric) => metric.name), ...ENGAGEMENT],
  account: PAGE_METRICS,
};

/** A Page post's id is `{page-id}_{post-id}`; a Page video is published under its Video id alone. */
function isVideoId(platformPostId: string): boolean {
  return !platformPostId.includes('_');
}

function summaryTotal(body: Record<string, unknown>, edge: string): number | undefined {
  const summary = recordField(recordField(body, edge) ?? {}, 'summary');
  return summary ? numberField(summary, 'total_count') : undefined;
}

async function engagementOf(api: GraphApi, request: PostMetricsRequest, video: boolean): Promise<Engagement> {
  const fields = video ? VIDEO_ENGAGEMENT_FIELDS : POST_ENGAGEMENT_FIELDS;
  try {
    const body = await graphRead(api, node(request.platformPostId), request.tokens.accessToken, { fields });
    return {
      reactions: countOf(summaryTotal(body, 'reactions')),
      comments: countOf(summaryTotal(body, 'comments')),
      shares: video
        ? unavailable('unsupported_media_type', 'Facebook reports no share count for a video')
        : countOf(numberField(recordField(body, 'shares') ?? { count: 0 }, 'count')),
    };
  } catch (error) {
    // An object without these fields (code 100): those counts are unavailable for it.
    if (!(error instanceof NetworkError) || error.kind !== 'permanent' || error.details.code !== 100) throw error;
    const refused = unavailable('unsupported_media_type', error.message);
    return { reactions: refused, comments: refused, shares: refused };
  }
}

/**
 * A Page post's metrics: reactions, comments and shares from the post's fields, views and viewers
 * from its insights (which need the read_insights permission; without it they are unavailable and
 * the rest still answers). Graph leaves `shares` out of a post nobody shared. A video's Video node
 * has no post insights edge, so a video has no views or viewers here.
 */
export async function facebookPostMetrics(api: GraphApi, request: PostMetricsRequest): Promise<MetricReading> {
  const video = isVideoId(request.platformPostId);
  const engagement = await engagementOf(api, request, video);
  if (video) {
    const none = unavailable('unsupported_media_type', 'Facebook reports no post insights for a video');
    return { views: none, viewers: none, ...engagement };
  }
  const insights = await readGraphInsights(
    api,
    request.platformPostId,
    request.tokens.accessToken,
    POST_INSIGHTS,
    lackedFor(FACEBOOK_PERMISSION_NEEDS, 'metrics', request.permissions),
  );
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
  } satisfies Record<(typeof PAGE_METRICS)[number], MetricValue>;
}
