import { FastifyInstance } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { applyGraphFaults, presentedGraphToken, requireGraphToken } from '../graph/graph-access';
import { graphErrors } from '../graph/graph-errors';
import { insightsAnswer, requestedMetrics } from '../graph/graph-insights';
import { hasScope } from '../graph/graph-scopes';
import { requestParams } from '../http/request-params';
import { instagramInsights } from '../instagram/instagram-insights';
import { countMetricsRead, postMetric } from '../metrics/emulated-metrics';
import { tokenActsForPage } from './facebook-ownership';

/** Page post insights the emulator reports, with the rough size of each after a day. */
export const FACEBOOK_POST_INSIGHTS: Readonly<Record<string, number>> = {
  post_impressions: 400,
  post_impressions_unique: 300,
  post_clicks: 20,
};

/** The engagement counts of a post's fields (reactions, comments and shares summaries). */
export const FACEBOOK_POST_COUNTS: Readonly<Record<string, number>> = { reactions: 20, comments: 5, shares: 3 };

type IdParams = { Params: { id: string } };

/**
 * `GET /{post-id}/insights?metric=…`: lifetime insights of a Page post, which need the
 * read_insights permission; a metric Graph does not know (or a test marked unsupported) fails the
 * whole call with code 100, as Graph does. Through Facebook Login, an Instagram medium's insights.
 */
export function registerFacebookInsightsRoutes(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;
  fastify.get<IdParams>('/:id/insights', async (request) => {
    const id = request.params.id;
    const media = state.published.find('instagram', id);
    if (media) return instagramInsights(context, request, 'facebook', media);
    const params = requestParams(request);
    const token = requireGraphToken(state, 'facebook', presentedGraphToken(request, params));
    const post = state.published.find('facebook', id);
    if (!post || post.deletedAt || post.parentId || !tokenActsForPage(state, token, post.accountId))
      throw graphErrors.unknownObject(id);
    await applyGraphFaults(state, [{ network: 'facebook', accountId: post.accountId }]);
    if (!hasScope(token, 'read_insights'))
      throw graphErrors.permission(10, 'Requires read_insights permission to access this endpoint');
    const metrics = requestedMetrics(params.metric).map((name) => {
      const scale = FACEBOOK_POST_INSIGHTS[name];
      const value = scale === undefined ? undefined : postMetric(state, 'facebook', id, name, scale, post.publishedAt);
      if (value === undefined) throw graphErrors.invalidParameter('The value must be a valid insights metric');
      return { name, value };
    });
    countMetricsRead(state, 'facebook', id);
    return insightsAnswer(id, metrics);
  });
}
