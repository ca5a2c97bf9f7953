import { FastifyRequest } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { applyGraphFaults, GraphHost } from '../graph/graph-access';
import { graphErrors } from '../graph/graph-errors';
import { insightsAnswer, requestedMetrics } from '../graph/graph-insights';
import { hasScope } from '../graph/graph-scopes';
import { countMetricsRead, postMetric } from '../metrics/emulated-metrics';
import { PublishedItem } from '../state/published-log';
import { instagramToken } from './instagram-access';
import { tokenActsForInstagram } from './instagram-ownership';

/** Media insights the emulator reports, with the rough size of each after a day. */
export const INSTAGRAM_MEDIA_INSIGHTS: Readonly<Record<string, number>> = {
  views: 500,
  reach: 300,
  shares: 4,
  saved: 6,
  total_interactions: 40,
};

/** Metrics Instagram does not report for a media type (a carousel has no views of its own). */
const UNSUPPORTED_BY_TYPE: Readonly<Record<string, readonly string[]>> = { CAROUSEL_ALBUM: ['views'] };

function mediaTypeOf(item: PublishedItem): string {
  if (item.media.length > 1) return 'CAROUSEL_ALBUM';
  return item.media[0]?.type === 'video' ? 'VIDEO' : 'IMAGE';
}

/**
 * `GET /{ig-media-id}/insights?metric=…`: lifetime insights of a medium, with the insights
 * permission of its login. A metric that does not apply to the medium fails the whole call
 * (code 100), as Instagram does.
 */
export async function instagramInsights(
  context: EmulatorContext,
  request: FastifyRequest,
  host: GraphHost,
  media: PublishedItem,
): Promise<Record<string, unknown>> {
  const { state } = context;
  const { params, token } = instagramToken(context, request, host);
  if (media.parentId || media.deletedAt || !tokenActsForInstagram(state, token, media.accountId))
    throw graphErrors.unknownObject(media.postId).forInstagram();
  await applyGraphFaults(state, [{ network: 'instagram', accountId: media.accountId }]);
  if (!hasScope(token, 'instagram_manage_insights', 'instagram_business_manage_insights'))
    throw graphErrors.permission(10, 'Application does not have permission for this action').forInstagram();
  const unsupported = UNSUPPORTED_BY_TYPE[mediaTypeOf(media)] ?? [];
  const metrics = requestedMetrics(params.metric).map((name) => {
    const scale = INSTAGRAM_MEDIA_INSIGHTS[name];
    const value =
      scale === undefined || unsupported.includes(name)
        ? undefined
        : postMetric(state, 'instagram', media.postId, name, scale, media.publishedAt);
    if (value === undefined)
      throw graphErrors
        .invalidParameter(`The Media Insights API does not support the ${name} metric for this media product type.`)
        .forInstagram();
    return { name, value };
  });
  countMetricsRead(state, 'instagram', media.postId);
  return insightsAnswer(media.postId, metrics);
}
