import { FastifyInstance } from 'fastify';
import { pinterestApiRules } from '../../contracts';
import { countMetricsRead, postMetric } from '../metrics/emulated-metrics';
import { EmulatorContext } from '../emulator-context';
import { authorizePinterestCall } from './pinterest-access';
import { PinterestError, pinterestErrors } from './pinterest-errors';

const rules = pinterestApiRules().analytics;
const DAY_MS = 24 * 3600_000;
/** Roughly each metric's value a day after pinning (the emulator's growth curve scales by it). */
const SCALES: Record<string, number> = {
  IMPRESSION: 400,
  SAVE: 20,
  PIN_CLICK: 35,
  OUTBOUND_CLICK: 15,
  SAVE_RATE: 0,
  TOTAL_COMMENTS: 2,
  TOTAL_REACTIONS: 5,
  USER_FOLLOW: 1,
  PROFILE_VISIT: 3,
};

const invalid = () => new PinterestError(400, 400, 'Invalid pins analytics parameters.');

/**
 * `GET /pins/{pin_id}/analytics`: the summary of each metric asked over the dates asked (start at
 * most 90 days back, end not before start), as `{ all: { summary_metrics, daily_metrics,
 * lifetime_metrics } }`. Values grow from the pin's creation, or are what the control API set
 * under the same names (IMPRESSION, SAVE…); a metric set `unsupported` is left out. Another
 * account's pin is 403, a pin that is gone 404, both with Pinterest's example answers.
 */
export function registerPinterestAnalyticsRoutes(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;
  fastify.get<{ Params: { pin: string }; Querystring: Record<string, string | undefined> }>(
    '/pins/:pin/analytics',
    async (request) => {
      const { account } = await authorizePinterestCall(state, request, 'GET /pins/{pin_id}/analytics');
      const { start_date: start, end_date: end, metric_types: types } = request.query;
      const day = (value: string | undefined) =>
        value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T00:00:00Z`) : NaN;
      const from = day(start);
      const to = day(end);
      const today = Date.parse(`${new Date(state.now()).toISOString().slice(0, 10)}T00:00:00Z`);
      if (Number.isNaN(from) || Number.isNaN(to) || to < from || today - from > rules.maxDaysBack * DAY_MS || !types)
        throw invalid();
      const metrics = types.split(',');
      if (metrics.some((metric) => !(metric in SCALES))) throw invalid();
      const item = state.published.find('pinterest', request.params.pin);
      if (!item || item.deletedAt || !item.pinterest) throw new PinterestError(404, 404, 'Pin not found.');
      if (item.accountId !== account.id) throw pinterestErrors.forbidden('Not authorized to access board or Pin.');
      countMetricsRead(state, 'pinterest', item.postId);
      const summary: Record<string, number> = {};
      for (const metric of metrics) {
        const value = postMetric(state, 'pinterest', item.postId, metric, SCALES[metric]!, item.publishedAt);
        if (value !== undefined) summary[metric] = value;
      }
      return {
        all: {
          lifetime_metrics: {},
          daily_metrics: [{ date: end, data_status: 'READY', metrics: summary }],
          summary_metrics: summary,
        },
      };
    },
  );
}
