import { randomBase62 } from '../../common/ids';
import { EmulatorState } from '../state/emulator-state';
import { numericId } from '../state/emulator-ids';
import { pictureUrl, textField } from '../state/test-user-fields';
import { TestUser, TestUserParts } from '../state/test-users';

/** An organization (a LinkedIn Page) the member has a role on. */
export interface TestLinkedInOrganization {
  /** `urn:li:organization:{id}` */
  urn: string;
  id: string;
  name: string;
  vanityName: string;
  /** Its role for the member (organizationAcls): ADMINISTRATOR, CONTENT_ADMINISTRATOR, ANALYST… */
  role: string;
}

/** A LinkedIn member: what the authorize page signs in to and /v2/userinfo describes. */
export interface TestLinkedInMember {
  /** The OpenID subject; the member's URN is `urn:li:person:{sub}`. */
  sub: string;
  urn: string;
  name: string;
  picture: string;
  organizations: TestLinkedInOrganization[];
}

declare module '../state/test-users' {
  interface TestUser {
    /** The user's LinkedIn member profile and the organizations they have a role on, if any. */
    linkedin?: TestLinkedInMember;
  }
}

export function newLinkedInMember(
  name: string,
  organizations: { name: string; role?: string }[] = [],
): TestLinkedInMember {
  const sub = randomBase62(10);
  return {
    sub,
    urn: `urn:li:person:${sub}`,
    name,
    picture: pictureUrl(`linkedin-${sub}`),
    organizations: organizations.map((organization) => {
      const id = numericId(8);
      return {
        urn: `urn:li:organization:${id}`,
        id,
        name: organization.name,
        vanityName: organization.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
        role: organization.role ?? 'ADMINISTRATOR',
      };
    }),
  };
}

/** `linkedin: { name?, organizations?: [{ name, role? }] }`: the user's member profile and their Pages. */
export const linkedInTestUserParts: TestUserParts = {
  add(user, input, problems) {
    if (input.linkedin === undefined) return;
    const body =
      typeof input.linkedin === 'object' && input.linkedin !== null ? (input.linkedin as Record<string, unknown>) : {};
    const name = body.name === undefined ? user.name : textField(body.name, 'linkedin.name', problems);
    const organizations = Array.isArray(body.organizations) ? body.organizations : [];
    user.linkedin = newLinkedInMember(
      name,
      organizations.map((entry, index) => {
        const organization = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>) : {};
        const role = organization.role;
        if (role !== undefined && typeof role !== 'string')
          problems.push(`linkedin.organizations[${index}].role: must be a string`);
        return {
          name: textField(organization.name, `linkedin.organizations[${index}].name`, problems),
          ...(typeof role === 'string' ? { role } : {}),
        };
      }),
    );
  },
  seeds: {
    ada: { linkedin: { name: 'Ada Emulator', organizations: [{ name: 'Ada Bakery' }] } },
    bob: { linkedin: { name: 'Bob Emulator' } },
  },
  accountIds: (user) =>
    user.linkedin ? [user.linkedin.urn, ...user.linkedin.organizations.map((org) => org.urn)] : [],
};

/** The member behind a person URN. */
export function findLinkedInMember(
  state: EmulatorState,
  urn: string,
): { user: TestUser; member: TestLinkedInMember } | undefined {
  const user = state.usersHolding(urn).find((candidate) => candidate.linkedin?.urn === urn);
  return user?.linkedin ? { user, member: user.linkedin } : undefined;
}
