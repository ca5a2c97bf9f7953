import { linkedInApiRules } from '../../contracts';
import {
  arrayField,
  expiryFrom,
  isRecord,
  listField,
  numberField,
  recordField,
  stringField,
  urlWithQuery,
} from '../http/json-fields';
import { AccountTokens, AuthorizeRequest, CodeExchangeRequest, SelectableAccount, UserGrant } from '../network-adapter';
import { LinkedInApi, LinkedInOAuth, restPath } from './linkedin-api';

const rules = linkedInApiRules();

/**
 * The permissions asked, each for what it serves (contracts/linkedin/api-rules.json `scopes.serves`).
 * LinkedIn shows them on one consent page and the member accepts all or none
 * (authorization-code-flow page).
 */
export const LINKEDIN_SCOPES = [
  // The member's id (sub) from /v2/userinfo: the author URN urn:li:person:{sub}.
  'openid',
  // The member's name and picture, shown in the pending session.
  'profile',
  // Posts, comments and uploads as the member.
  'w_member_social',
  // Posts, comments and uploads as an organization the member may post for.
  'w_organization_social',
  // An organization's posts and comments read: comments listed, a post found again after a lost answer.
  'r_organization_social',
  // The organizations the member administers (organizationAcls) and their share statistics (metrics).
  'rw_organization_admin',
] as const;

/** The member's own scopes: what an app without the Community Management API may ask (LINKEDIN_ORGANIZATIONS=false). */
export const LINKEDIN_MEMBER_SCOPES: readonly string[] = ['openid', 'profile', 'w_member_social'];

/** The organization roles that may post for it (posts page: w_organization_social). */
export const LINKEDIN_POSTING_ROLES: ReadonlySet<string> = new Set(rules.scopes.postingRoles.values);

/** `www.linkedin.com/oauth/v2/authorization`: scopes space-separated, no PKCE; the organizations' only where the app may ask them. */
export function linkedInAuthorizeUrl(authorizeUrl: string, request: AuthorizeRequest, organizations = true): string {
  return urlWithQuery(authorizeUrl, {
    response_type: 'code',
    client_id: request.app.clientId,
    redirect_uri: request.callbackUrl,
    state: request.state,
    scope: (organizations ? LINKEDIN_SCOPES : LINKEDIN_MEMBER_SCOPES).join(rules.oauth.authorize.scopeSeparator),
  });
}

/** A token answer: the access token (60 days), and a refresh token only for apps LinkedIn granted them. */
export function linkedInTokens(
  oauth: LinkedInOAuth,
  body: Record<string, unknown>,
  now: Date,
): AccountTokens & { scopes: string[] } {
  const accessToken = stringField(body, 'access_token');
  if (!accessToken) throw oauth.unexpected('no access_token in the token answer');
  const refreshToken = stringField(body, 'refresh_token');
  const expiresAt = expiryFrom(numberField(body, 'expires_in'), now);
  return {
    accessToken,
    ...(refreshToken ? { refreshToken } : {}),
    ...(expiresAt ? { expiresAt } : {}),
    // LinkedIn answers the granted scopes comma-separated ("openid,profile,w_member_social").
    scopes: listField(body, 'scope')
      .flatMap((scope) => scope.split(' '))
      .filter(Boolean),
  };
}

/** Code → access token (and refresh token where the app has them): `POST /oauth/v2/accessToken`. */
export async function exchangeLinkedInCode(
  oauth: LinkedInOAuth,
  request: CodeExchangeRequest,
  now: () => Date,
): Promise<UserGrant> {
  const body = await oauth.token({
    grant_type: 'authorization_code',
    code: request.code,
    client_id: request.app.clientId,
    client_secret: request.app.clientSecret,
    redirect_uri: request.callbackUrl,
  });
  const tokens = linkedInTokens(oauth, body, now());
  return {
    accessToken: tokens.accessToken,
    ...(tokens.refreshToken ? { refreshToken: tokens.refreshToken } : {}),
    ...(tokens.expiresAt ? { expiresAt: tokens.expiresAt } : {}),
    scopes: tokens.scopes.length ? tokens.scopes : [...LINKEDIN_SCOPES],
  };
}

/**
 * A new access token from the refresh token (`grant_type=refresh_token`): 60 days more, while the
 * refresh token keeps the end it had from the first consent (365 days; "the TTL of the refresh
 * token remains the same"). Without a refresh token there is nothing to call (undefined).
 */
export async function refreshLinkedInToken(
  oauth: LinkedInOAuth,
  tokens: AccountTokens,
  app: { clientId: string; clientSecret: string },
  now: () => Date,
): Promise<AccountTokens | undefined> {
  if (!tokens.refreshToken) return undefined;
  const body = await oauth.token({
    grant_type: 'refresh_token',
    refresh_token: tokens.refreshToken,
    client_id: app.clientId,
    client_secret: app.clientSecret,
  });
  const fresh = linkedInTokens(oauth, body, now());
  return {
    accessToken: fresh.accessToken,
    refreshToken: fresh.refreshToken ?? tokens.refreshToken,
    ...(fresh.expiresAt ? { expiresAt: fresh.expiresAt } : {}),
    ...(fresh.scopes.length ? { scopes: fresh.scopes } : {}),
  };
}

/**
 * What the member may connect: their own profile (`/v2/userinfo`: author `urn:li:person:{sub}`)
 * and each organization they may post for (`GET /rest/organizationAcls?q=roleAssignee`, APPROVED,
 * a posting role), named by `GET /rest/organizations/{id}`. Every account posts with the member's
 * token; LinkedIn checks the role at each call.
 */
export async function linkedInSelectable(api: LinkedInApi, grant: UserGrant): Promise<SelectableAccount[]> {
  const info = await api.userinfo();
  const sub = stringField(info, 'sub');
  if (!sub) throw api.unexpected('no sub in /v2/userinfo');
  const tokens: AccountTokens = {
    accessToken: grant.accessToken,
    ...(grant.refreshToken ? { refreshToken: grant.refreshToken } : {}),
    ...(grant.expiresAt ? { expiresAt: grant.expiresAt } : {}),
  };
  const memberUrn = `urn:li:person:${sub}`;
  const name =
    stringField(info, 'name') ||
    [stringField(info, 'given_name'), stringField(info, 'family_name')].filter(Boolean).join(' ') ||
    sub;
  const member: SelectableAccount = {
    id: memberUrn,
    name,
    username: name,
    pictureUrl: stringField(info, 'picture') ?? null,
    type: 'member',
    tokens,
    scopes: grant.scopes,
    ownerId: memberUrn,
  };
  if (!grant.scopes.includes('rw_organization_admin')) return [member];
  const acls = await api.read(restPath('organizationAcls'), { q: 'roleAssignee', state: 'APPROVED' });
  const organizations = new Set<string>();
  for (const acl of (arrayField(acls, 'elements') ?? []).filter(isRecord)) {
    const organization = stringField(acl, 'organization') ?? stringField(acl, 'organizationTarget');
    if (
      organization &&
      stringField(acl, 'state') === 'APPROVED' &&
      LINKEDIN_POSTING_ROLES.has(stringField(acl, 'role') ?? '')
    )
      organizations.add(organization);
  }
  const pages: SelectableAccount[] = [];
  for (const urn of organizations) {
    const id = urn.split(':').pop()!;
    const organization = await api.read(restPath('organizations', id));
    const localized =
      stringField(organization, 'localizedName') ??
      stringField(recordField(organization, 'name') ?? {}, 'localized') ??
      id;
    pages.push({
      id: urn,
      name: localized,
      username: stringField(organization, 'vanityName') ?? id,
      pictureUrl: null,
      type: 'organization',
      tokens,
      scopes: grant.scopes,
      ownerId: memberUrn,
    });
  }
  return [member, ...pages];
}
