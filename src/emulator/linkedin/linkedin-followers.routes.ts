import { FastifyInstance } from 'fastify';
import { linkedInApiRules } from '../../contracts';
import { EmulatorContext } from '../emulator-context';
import { accountMetric, countMetricsRead } from '../metrics/emulated-metrics';
import { authorizeLinkedInCall, scopesFor } from './linkedin-access';
import { linkedInErrors } from './linkedin-errors';

const { organizationFollowers, memberFollowers } = linkedInApiRules().statistics;
/** The order of size of an organization's and a member's followers (steady per account; a test sets them). */
const ORGANIZATION_FOLLOWERS = 2000;
const MEMBER_FOLLOWERS = 500;

/**
 * Follower counts, by LinkedIn's own field names (what `PUT /control/metrics` sets):
 * `GET /rest/networkSizes/{organization urn}?edgeType=COMPANY_FOLLOWED_BY_MEMBER` answers
 * `{ firstDegreeSize }` to a member with a role on the organization and rw_organization_admin;
 * `GET /rest/memberFollowersCount?q=me` answers the member's own `memberFollowersCount` with
 * r_member_profileAnalytics. Anything else is LinkedIn's 400 or 403.
 */
export function registerLinkedInFollowerRoutes(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;

  fastify.get<{ Params: { urn: string }; Querystring: Record<string, string | undefined> }>(
    '/rest/networkSizes/:urn',
    async (request) => {
      const { urn } = request.params;
      if (!/^urn:li:organization:[0-9]+$/.test(urn) || request.query.edgeType !== organizationFollowers.edgeType)
        throw linkedInErrors.badRequest(
          `an organization URN and edgeType=${organizationFollowers.edgeType} are required`,
        );
      await authorizeLinkedInCall(state, request, {
        author: urn,
        ...scopesFor('GET /rest/networkSizes'),
        postingRole: false,
      });
      countMetricsRead(state, 'linkedin', urn);
      const size = accountMetric(state, 'linkedin', urn, organizationFollowers.field, ORGANIZATION_FOLLOWERS);
      return size === undefined ? {} : { [organizationFollowers.field]: size };
    },
  );

  fastify.get<{ Querystring: Record<string, string | undefined> }>('/rest/memberFollowersCount', async (request) => {
    if (request.query.q !== 'me') throw linkedInErrors.badRequest('q=me is required');
    const call = await authorizeLinkedInCall(state, request);
    const needed = scopesFor('GET /rest/memberFollowersCount').member;
    const lacking = needed.filter((scope) => !call.token.scopes.includes(scope));
    if (lacking.length) throw linkedInErrors.forbidden(`Not enough permissions to access: needs ${lacking.join(', ')}`);
    const urn = call.member.urn;
    countMetricsRead(state, 'linkedin', urn);
    const count = accountMetric(state, 'linkedin', urn, memberFollowers.field, MEMBER_FOLLOWERS);
    const elements = count === undefined ? [] : [{ [memberFollowers.field]: count }];
    return { elements, paging: { count: 10, start: 0, links: [] } };
  });
}
