import { randomBytes } from 'node:crypto';
import { EmulatorState } from '../state/emulator-state';
import { pictureUrl, textField } from '../state/test-user-fields';
import { TestUser, TestUserParts } from '../state/test-users';

export interface TestBlueskyProfile {
  /** `did:plc:` and 24 base32 characters, as the PLC directory makes them. */
  did: string;
  /** A domain name (`ada-bakery.bsky.social`). */
  handle: string;
  displayName: string;
  avatar: string;
  /** The app password createSession takes (https://bsky.app/settings/app-passwords: xxxx-xxxx-xxxx-xxxx). */
  appPassword: string;
}

declare module '../state/test-users' {
  interface TestUser {
    /** The user's Bluesky account, if any. */
    bluesky?: TestBlueskyProfile;
  }
}

/** Every test user's app password unless given: documented in docs/emulator.md. */
export const DEFAULT_APP_PASSWORD = 'test-test-test-test';

const HANDLE = /^([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$/;
const APP_PASSWORD = /^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/;
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

export function newDid(): string {
  return `did:plc:${[...randomBytes(24)].map((byte) => BASE32[byte % 32]).join('')}`;
}

/** `bluesky: { handle, name?, appPassword? }`: the user's Bluesky account. */
export const blueskyTestUserParts: TestUserParts = {
  add(user, input, problems) {
    if (input.bluesky === undefined) return;
    const body =
      typeof input.bluesky === 'object' && input.bluesky !== null ? (input.bluesky as Record<string, unknown>) : {};
    const handle = typeof body.handle === 'string' ? body.handle.toLowerCase() : '';
    if (!HANDLE.test(handle) || handle.length > 253) problems.push('bluesky.handle: must be a domain name');
    const appPassword = body.appPassword === undefined ? DEFAULT_APP_PASSWORD : String(body.appPassword);
    if (!APP_PASSWORD.test(appPassword)) problems.push('bluesky.appPassword: must be xxxx-xxxx-xxxx-xxxx (a-z 0-9)');
    const displayName = body.name === undefined ? user.name : textField(body.name, 'bluesky.name', problems);
    user.bluesky = { did: newDid(), handle, displayName, avatar: pictureUrl(`bluesky-${handle}`), appPassword };
  },
  seeds: {
    ada: { bluesky: { handle: 'ada-bakery.bsky.social', name: 'Ada Bakery' } },
    bob: { bluesky: { handle: 'bob-bikes.bsky.social', name: 'Bob Bikes' } },
  },
  accountIds: (user) => (user.bluesky ? [user.bluesky.did] : []),
};

export function findBlueskyProfile(
  state: EmulatorState,
  did: string,
): { user: TestUser; profile: TestBlueskyProfile } | undefined {
  const user = state.usersHolding(did).find((candidate) => candidate.bluesky?.did === did);
  return user?.bluesky ? { user, profile: user.bluesky } : undefined;
}

/** The account a handle (any case) or DID names, as createSession's `identifier` and resolveHandle take them. */
export function findBlueskyByIdentifier(
  state: EmulatorState,
  identifier: string,
): { user: TestUser; profile: TestBlueskyProfile } | undefined {
  if (identifier.startsWith('did:')) return findBlueskyProfile(state, identifier);
  const handle = identifier.toLowerCase().replace(/^@/, '');
  const user = state.listUsers().find((candidate) => candidate.bluesky?.handle === handle);
  return user?.bluesky ? { user, profile: user.bluesky } : undefined;
}
