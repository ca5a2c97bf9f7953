import { lackedFor, PermissionNeeds } from '../account-permissions';
import { arrayField, isRecord, numberField, recordField } from '../http/json-fields';
import { countOf, MetricNames, MetricReading, PostMetricsRequest, unavailable } from '../metrics/metric-reading';
import { NetworkError } from '../network-error';
import { LINKEDIN_ACCOUNT_METRIC_NAMES } from './linkedin-account-metrics';
import { LinkedInApi, restPath } from './linkedin-api';

/** An organization's post: `totalShareStatistics` of the share statistics, in the service's names. */
const SHARE_STATISTICS = {
  impressions: 'impressionCount',
  reach: 'uniqueImpressionsCount',
  clicks: 'clickCount',
  likes: 'likeCount',
  comments: 'commentCount',
  shares: 'shareCount',
} as const satisfies Record<string, string>;

/** A member's post: `memberCreatorPostAnalytics` per `queryType`, in the same names (no clicks). */
const MEMBER_ANALYTICS: Partial<Record<keyof typeof SHARE_STATISTICS, string>> = {
  impressions: 'IMPRESSION',
  reach: 'MEMBERS_REACHED',
  likes: 'REACTION',
  comments: 'COMMENT',
  shares: 'RESHARE',
};

/** A post's share statistics, and an account's followers (linkedin-account-metrics.ts). */
export const LINKEDIN_METRIC_NAMES: MetricNames = {
  post: Object.keys(SHARE_STATISTICS),
  account: LINKEDIN_ACCOUNT_METRIC_NAMES,
};

const all = (value: (name: string) => ReturnType<typeof unavailable>): MetricReading =>
  Object.fromEntries(LINKEDIN_METRIC_NAMES.post.map((name) => [name, value(name)]));

/** The entity a statistics query names a post by: a share, or a ugcPost. */
const postKind = (urn: string): 'share' | 'ugcPost' => (urn.startsWith('urn:li:ugcPost:') ? 'ugcPost' : 'share');

/**
 * A post's metrics. An organization's: `GET /rest/organizationalEntityShareStatistics?q=organizationalEntity`
 * for the post (rw_organization_admin; organic posts of the past 12 months). A member's:
 * `GET /rest/memberCreatorPostAnalytics?q=entity` per query type (r_member_postAnalytics, which
 * the service does not ask: without it every metric is missing_permission).
 */
export async function linkedInPostMetrics(
  api: LinkedInApi,
  request: PostMetricsRequest,
  needs: PermissionNeeds,
): Promise<MetricReading> {
  const organization = request.networkAccountId.startsWith('urn:li:organization:');
  const scope = organization ? 'rw_organization_admin' : 'r_member_postAnalytics';
  if (lackedFor(needs, 'metrics', request.permissions).length || !request.permissions.includes(scope))
    return all(() => unavailable('missing_permission', `The login lacks ${scope}`));
  try {
    return organization ? await organizationMetrics(api, request) : await memberMetrics(api, request);
  } catch (error) {
    if (error instanceof NetworkError && error.details.permissionDenied)
      return all(() => unavailable('missing_permission', error.message));
    throw error;
  }
}

async function organizationMetrics(api: LinkedInApi, request: PostMetricsRequest): Promise<MetricReading> {
  const kind = postKind(request.platformPostId);
  const body = await api.read(restPath('organizationalEntityShareStatistics'), {
    q: 'organizationalEntity',
    organizationalEntity: request.networkAccountId,
    [kind === 'share' ? 'shares' : 'ugcPosts']: { list: [request.platformPostId] },
  });
  const [element] = (arrayField(body, 'elements') ?? []).filter(isRecord);
  const totals = element ? (recordField(element, 'totalShareStatistics') ?? {}) : {};
  return Object.fromEntries(
    Object.entries(SHARE_STATISTICS).map(([name, field]) => [name, countOf(numberField(totals, field))]),
  );
}

async function memberMetrics(api: LinkedInApi, request: PostMetricsRequest): Promise<MetricReading> {
  const entity = `(${postKind(request.platformPostId)}:${encodeURIComponent(request.platformPostId)})`;
  const reading: MetricReading = {};
  for (const name of LINKEDIN_METRIC_NAMES.post) {
    const queryType = MEMBER_ANALYTICS[name as keyof typeof SHARE_STATISTICS];
    if (!queryType) {
      reading[name] = unavailable('not_reported', "LinkedIn does not report it for a member's post");
      continue;
    }
    const body = await api.read(restPath('memberCreatorPostAnalytics'), {
      q: 'entity',
      entity: { raw: entity },
      queryType,
      aggregation: 'TOTAL',
    });
    const [element] = (arrayField(body, 'elements') ?? []).filter(isRecord);
    reading[name] = countOf(element ? numberField(element, 'count') : undefined);
  }
  return reading;
}
