import { pinterestApiRules } from '../../contracts';
import { lackedFor, PermissionNeeds } from '../account-permissions';
import { numberField, recordField } from '../http/json-fields';
import {
  AccountMetricsRequest,
  allUnavailable,
  countOf,
  MetricNames,
  MetricReading,
  PostMetricsRequest,
} from '../metrics/metric-reading';
import { NetworkError } from '../network-error';
import { PinterestApi } from './pinterest-api';

const analytics = pinterestApiRules().analytics;
const DAY_MS = 24 * 3600_000;

/** A pin's metrics in the service's names, each from Pinterest's metric type (GET /pins/{pin_id}/analytics). */
const PIN_METRICS = {
  impressions: 'IMPRESSION',
  saves: 'SAVE',
  clicks: 'PIN_CLICK',
  outbound_clicks: 'OUTBOUND_CLICK',
} as const satisfies Record<string, string>;

/** The account's, from GET /user_account. */
const ACCOUNT_METRICS = { followers: 'follower_count', following: 'following_count' } as const satisfies Record<
  string,
  string
>;

export const PINTEREST_METRIC_NAMES: MetricNames = {
  post: Object.keys(PIN_METRICS),
  account: Object.keys(ACCOUNT_METRICS),
};

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * A pin's metrics: `GET /pins/{pin_id}/analytics` with the four metric types over the longest range
 * Pinterest takes (start at most 90 days back, end today), each summary a count. A pin made longer
 * ago reports those 90 days only. A metric Pinterest leaves out of the summary is `not_reported`.
 */
export async function pinterestPinMetrics(
  api: PinterestApi,
  request: PostMetricsRequest,
  needs: PermissionNeeds,
  now: Date,
): Promise<MetricReading> {
  const lacked = lackedFor(needs, 'metrics', request.permissions);
  if (lacked.length)
    return allUnavailable(PINTEREST_METRIC_NAMES.post, 'missing_permission', `The login lacks ${lacked.join(', ')}`);
  let body;
  try {
    body = await api.read(`/pins/${encodeURIComponent(request.platformPostId)}/analytics`, {
      start_date: day(new Date(now.getTime() - (analytics.maxDaysBack - 1) * DAY_MS)),
      end_date: day(now),
      metric_types: Object.values(PIN_METRICS).join(','),
    });
  } catch (error) {
    if (error instanceof NetworkError && error.details.permissionDenied)
      return allUnavailable(PINTEREST_METRIC_NAMES.post, 'missing_permission', error.message);
    throw error;
  }
  const summary = recordField(recordField(body, 'all') ?? {}, 'summary_metrics') ?? {};
  return Object.fromEntries(
    Object.entries(PIN_METRICS).map(([name, type]) => [name, countOf(numberField(summary, type))]),
  );
}

/** The account's followers and following (`GET /user_account`). */
export async function pinterestAccountMetrics(
  api: PinterestApi,
  _request: AccountMetricsRequest,
): Promise<MetricReading> {
  const account = await api.read('/user_account');
  return Object.fromEntries(
    Object.entries(ACCOUNT_METRICS).map(([name, field]) => [name, countOf(numberField(account, field))]),
  );
}
