import { FastifyInstance } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { applyGraphFaults, requireGraphCall } from '../graph/graph-access';
import { graphErrors } from '../graph/graph-errors';
import { insightsAnswer, requestedMetrics } from '../graph/graph-insights';
import { hasScope } from '../graph/graph-scopes';
import { requestParams } from '../http/request-params';
import { instagramInsights } from '../instagram/instagram-insights';
import { countMetricsRead, postMetric } from '../metrics/emulated-metrics';
import { tokenActsForPage } from './facebook-ownership';
import { FACEBOOK_VIDEOS } from './facebook-stored-objects';

/**
 * Page post insights the emulator reports, with the rough size of each after a day. Meta removed
 * `post_impressions` (November 15, 2025, for `post_media_view`) and `post_impressions_unique` (by
 * June 15, 2025, for `post_total_media_view_unique`) for every API version; like any name Graph
 * does not know, they are answered with its invalid-metric error.
 * developers.facebook.com/documentation/pages-api/platforminsights/page/deprecated-metrics
 */
export const FACEBOOK_POST_INSIGHTS: Readonly<Record<string, number>> = {
  post_media_view: 400,
  post_total_media_view_unique: 300,
  post_clicks: 20,
};

type IdParams = { Params: { id: string } };

/**
 * `GET /{post-id}/insights?metric=…`: lifetime insights of a Page post, which need the
 * read_insights permission; a metric Graph does not know fails the whole call with code 100, as
 * Graph does, and one a test marked unsupported is left out of the answer. A Video node has no
 * such edge. Through Facebook Login, an Instagram medium's insights.
 */
export function registerFacebookInsightsRoutes(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;
  fastify.get<IdParams>('/:id/insights', async (request) => {
    const id = request.params.id;
    const media = state.published.find('instagram', id);
    if (media) return instagramInsights(context, request, 'facebook', media);
    const params = requestParams(request);
    const token = requireGraphCall(state, 'facebook', request, params);
    const post = state.published.find('facebook', id);
    if (!post || post.deletedAt || post.parentId || !tokenActsForPage(state, token, post.accountId))
      throw graphErrors.unknownObject(id);
    if (state.objects.of(FACEBOOK_VIDEOS).has(id)) throw graphErrors.unknownField('insights', 'Video');
    await applyGraphFaults(state, [{ network: 'facebook', accountId: post.accountId }]);
    if (!hasScope(token, 'read_insights'))
      throw graphErrors.permission(10, 'Requires read_insights permission to access this endpoint');
    const names = requestedMetrics(params.metric);
    if (names.some((name) => FACEBOOK_POST_INSIGHTS[name] === undefined))
      throw graphErrors.invalidParameter('The value must be a valid insights metric');
    const metrics = names.flatMap((name) => {
      const value = postMetric(state, 'facebook', id, name, FACEBOOK_POST_INSIGHTS[name]!, post.publishedAt);
      return value === undefined ? [] : [{ name, value }];
    });
    countMetricsRead(state, 'facebook', id);
    return insightsAnswer(id, metrics);
  });
}
