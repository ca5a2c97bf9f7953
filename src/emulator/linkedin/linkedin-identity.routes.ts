import { FastifyInstance } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { applyLinkedInFaults, authorizeLinkedInCall, requireLinkedInToken } from './linkedin-access';
import { linkedInErrors } from './linkedin-errors';

const ADMIN_SCOPES = ['rw_organization_admin', 'r_organization_admin'];

/**
 * Who the member is and what they may act for: `GET /v2/userinfo` (OpenID Connect, unversioned:
 * openid, and profile for the name and picture), `GET /rest/organizationAcls?q=roleAssignee` (the
 * member's roles, with an admin scope) and `GET /rest/organizations/{id}` (an organization's names).
 */
export function registerLinkedInIdentityRoutes(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;

  fastify.get('/v2/userinfo', async (request) => {
    const { token, member } = requireLinkedInToken(state, request);
    await applyLinkedInFaults(state, [member.urn]);
    if (!token.scopes.includes('openid'))
      throw linkedInErrors.forbidden('Not enough permissions to access: userinfo needs openid');
    const [given, ...family] = member.name.split(' ');
    return {
      sub: member.sub,
      ...(token.scopes.includes('profile')
        ? {
            name: member.name,
            given_name: given,
            family_name: family.join(' '),
            picture: member.picture,
            locale: { country: 'US', language: 'en' },
          }
        : {}),
    };
  });

  fastify.get<{ Querystring: Record<string, string | undefined> }>('/rest/organizationAcls', async (request) => {
    const { token, member } = await authorizeLinkedInCall(state, request);
    if (request.query.q !== 'roleAssignee') throw linkedInErrors.badRequest('q must be roleAssignee');
    if (!ADMIN_SCOPES.some((scope) => token.scopes.includes(scope)))
      throw linkedInErrors.forbidden('Not enough permissions to access: organizationAcls needs rw_organization_admin');
    const { state: wanted, role } = request.query;
    const elements = member.organizations
      .filter((organization) => (!wanted || wanted === 'APPROVED') && (!role || organization.role === role))
      .map((organization) => ({
        roleAssignee: member.urn,
        role: organization.role,
        state: 'APPROVED',
        organization: organization.urn,
      }));
    return { elements, paging: { start: 0, count: elements.length, total: elements.length, links: [] } };
  });

  fastify.get<{ Params: { id: string } }>('/rest/organizations/:id', async (request) => {
    const { token, member } = await authorizeLinkedInCall(state, request);
    const organization = member.organizations.find((candidate) => candidate.id === request.params.id);
    if (!organization) throw linkedInErrors.notFound(`Organization ${request.params.id} not found`);
    if (!ADMIN_SCOPES.some((scope) => token.scopes.includes(scope)))
      throw linkedInErrors.forbidden('Not enough permissions to access: organizations needs rw_organization_admin');
    return { id: Number(organization.id), localizedName: organization.name, vanityName: organization.vanityName };
  });
}
