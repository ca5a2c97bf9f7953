import { linkedInApiRules } from '../../contracts';
import { arrayField, isRecord, numberField } from '../http/json-fields';
import { AccountMetricsRequest, countOf, MetricReading, unavailable } from '../metrics/metric-reading';
import { NetworkError } from '../network-error';
import { LinkedInApi, restPath } from './linkedin-api';

const rules = linkedInApiRules();
const { organizationFollowers, memberFollowers } = rules.statistics;

/** An account's metrics in the service's names: its followers, an organization's or a member's. */
export const LINKEDIN_ACCOUNT_METRIC_NAMES = ['followers'] as const;

const ORGANIZATION_SCOPE = rules.scopes.perCall['GET /rest/networkSizes']?.[0] ?? 'rw_organization_admin';
const MEMBER_SCOPE = rules.scopes.perCall['GET /rest/memberFollowersCount']?.[0] ?? 'r_member_profileAnalytics';

const all = (value: ReturnType<typeof unavailable>): MetricReading =>
  Object.fromEntries(LINKEDIN_ACCOUNT_METRIC_NAMES.map((name) => [name, value]));

/**
 * An account's followers. An organization's: `GET /rest/networkSizes/{urn}?edgeType=COMPANY_FOLLOWED_BY_MEMBER`
 * (`firstDegreeSize`; rw_organization_admin, Organization Lookup: LinkedIn's follower statistics
 * no longer answer a total and point there). A member's: `GET /rest/memberFollowersCount?q=me`
 * (r_member_profileAnalytics, which LinkedIn restricts and the service does not ask: without it
 * the metric is missing_permission, without a call). A 403 is missing_permission too.
 */
export async function linkedInAccountMetrics(api: LinkedInApi, request: AccountMetricsRequest): Promise<MetricReading> {
  const organization = request.networkAccountId.startsWith('urn:li:organization:');
  const scope = organization ? ORGANIZATION_SCOPE : MEMBER_SCOPE;
  if (request.permissions && !request.permissions.includes(scope))
    return all(unavailable('missing_permission', `The login lacks ${scope}`));
  try {
    return { followers: countOf(organization ? await organizationCount(api, request) : await memberCount(api)) };
  } catch (error) {
    if (error instanceof NetworkError && error.details.permissionDenied)
      return all(unavailable('missing_permission', error.message));
    throw error;
  }
}

async function organizationCount(api: LinkedInApi, request: AccountMetricsRequest): Promise<number | undefined> {
  const body = await api.read(restPath('networkSizes', request.networkAccountId), {
    edgeType: organizationFollowers.edgeType,
  });
  return numberField(body, organizationFollowers.field);
}

async function memberCount(api: LinkedInApi): Promise<number | undefined> {
  const body = await api.read(restPath('memberFollowersCount'), { q: 'me' });
  const [element] = (arrayField(body, 'elements') ?? []).filter(isRecord);
  return element ? numberField(element, memberFollowers.field) : undefined;
}
