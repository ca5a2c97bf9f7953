import { FastifyRequest } from 'fastify';
import { linkedInApiRules, linkedInVersionActive } from '../../contracts';
import { IssuedToken } from '../state/credentials';
import { EmulatorState } from '../state/emulator-state';
import { FaultKind } from '../state/faults';
import { delayCall } from '../worlds/deferred-delay';
import { linkedInErrors } from './linkedin-errors';
import { findLinkedInMember, TestLinkedInMember, TestLinkedInOrganization } from './linkedin-test-user';
import { LINKEDIN_TOKENS } from './linkedin-tokens';

const rules = linkedInApiRules();
const POSTING_ROLES = new Set(rules.scopes.postingRoles.values);

/** The fault kinds any authenticated LinkedIn call can suffer. */
export const LINKEDIN_CALL_FAULTS: readonly FaultKind[] = [
  'token_expired',
  'token_revoked',
  'rate_limited',
  'slow',
  'server_error',
];

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name.toLowerCase()];
  return typeof value === 'string' ? value : undefined;
};

/**
 * The two headers of every versioned call: `LinkedIn-Version` present and active on the emulator's
 * day (426 NONEXISTENT_VERSION otherwise: LinkedIn applies no default) and
 * `X-Restli-Protocol-Version: 2.0.0`.
 */
export function requireVersionHeaders(state: EmulatorState, request: FastifyRequest): void {
  const version = header(request, rules.headers.version.name);
  if (!version) throw linkedInErrors.versionMissing();
  if (!new RegExp(rules.headers.version.format).test(version) || !linkedInVersionActive(version, new Date(state.now())))
    throw linkedInErrors.versionInactive(version);
  if (header(request, rules.headers.restli.name) !== rules.headers.restli.value) throw linkedInErrors.restliMissing();
}

export interface LinkedInCall {
  token: IssuedToken;
  member: TestLinkedInMember;
}

/** The member's access token of a call (`Authorization: Bearer`), or LinkedIn's 401. */
export function requireLinkedInToken(state: EmulatorState, request: FastifyRequest): LinkedInCall {
  const value = /^Bearer\s+(\S+)$/i.exec(header(request, 'authorization') ?? '')?.[1];
  if (!value) throw linkedInErrors.unauthorized();
  const check = state.credentials.check(value);
  if (!check.ok) throw check.reason === 'expired' ? linkedInErrors.expired() : linkedInErrors.unauthorized();
  if (check.token.network !== 'linkedin' || check.token.kind !== LINKEDIN_TOKENS.access.kind)
    throw linkedInErrors.unauthorized();
  const member = findLinkedInMember(state, check.token.subjectId)?.member;
  if (!member) throw linkedInErrors.unauthorized();
  return { token: check.token, member };
}

/** Applies the injected faults for the member and the author acted for: waits for `slow`, then throws the first failing one. */
export async function applyLinkedInFaults(
  state: EmulatorState,
  accountIds: readonly string[],
  kinds: readonly FaultKind[] = LINKEDIN_CALL_FAULTS,
): Promise<void> {
  const faults = state.faults.take(
    accountIds.map((accountId) => ({ network: 'linkedin', accountId })),
    kinds,
  );
  await delayCall(faults.reduce((total, fault) => total + (fault.kind === 'slow' ? (fault.delayMs ?? 0) : 0), 0));
  const failing = faults.find((fault) => fault.kind !== 'slow');
  if (!failing) return;
  switch (failing.kind) {
    case 'token_expired':
      throw linkedInErrors.expired();
    case 'token_revoked':
      throw linkedInErrors.unauthorized();
    case 'rate_limited':
      throw linkedInErrors.throttled();
    case 'duplicate':
      throw linkedInErrors.duplicate('urn:li:share:0');
    default:
      throw linkedInErrors.serverError();
  }
}

/**
 * A versioned call (headers, token, faults) by the member for `author` (their own person URN, or
 * an organization): the member's scope for themselves, or the organization's scope and a role on
 * it that may post (posts page: w_organization_social). A missing scope or role is 403 ACCESS_DENIED.
 */
export async function authorizeLinkedInCall(
  state: EmulatorState,
  request: FastifyRequest,
  access?: {
    author: string;
    member?: string[];
    organization?: string[];
    postingRole?: boolean;
    faults?: readonly FaultKind[];
  },
): Promise<LinkedInCall & { organization?: TestLinkedInOrganization }> {
  requireVersionHeaders(state, request);
  const call = requireLinkedInToken(state, request);
  await applyLinkedInFaults(state, access ? [call.member.urn, access.author] : [call.member.urn], access?.faults);
  if (!access) return call;
  const missing = (scopes: string[] | undefined) =>
    (scopes ?? []).filter((scope) => !call.token.scopes.includes(scope));
  if (access.author === call.member.urn) {
    const lacking = missing(access.member);
    if (lacking.length) throw linkedInErrors.forbidden(`Not enough permissions to access: needs ${lacking.join(', ')}`);
    return call;
  }
  const organization = call.member.organizations.find((candidate) => candidate.urn === access.author);
  if (!organization)
    throw linkedInErrors.forbidden(`Not enough permissions to access: the member has no role on ${access.author}`);
  const lacking = missing(access.organization);
  if (lacking.length) throw linkedInErrors.forbidden(`Not enough permissions to access: needs ${lacking.join(', ')}`);
  if (access.postingRole !== false && !POSTING_ROLES.has(organization.role))
    throw linkedInErrors.forbidden(
      `Not enough permissions to access: the member's role ${organization.role} may not post for ${access.author}`,
    );
  return { ...call, organization };
}

/** The scopes a call names in the contract (`scopes.perCall`), per author kind. */
export function scopesFor(call: string): { member: string[]; organization: string[] } {
  return {
    member: rules.scopes.perCall[`${call} member`] ?? rules.scopes.perCall[call] ?? [],
    organization: rules.scopes.perCall[`${call} organization`] ?? rules.scopes.perCall[call] ?? [],
  };
}
