import { EmulatorState } from '../state/emulator-state';
import { snowflakeId } from '../state/emulator-ids';
import { handleField, pictureUrl } from '../state/test-user-fields';
import { TestUser, TestUserParts } from '../state/test-users';

export interface TestXProfile {
  id: string;
  username: string;
  name: string;
  profileImageUrl: string;
}

declare module '../state/test-users' {
  interface TestUser {
    /** The user's X account, if any. */
    x?: TestXProfile;
  }
}

export function newXProfile(username: string, name: string): TestXProfile {
  return { id: snowflakeId(), username, name, profileImageUrl: pictureUrl(`x-${username}`) };
}

/** `x: { username, name? }`: the user's X profile. */
export const xTestUserParts: TestUserParts = {
  add(user, input, problems) {
    if (input.x === undefined) return;
    const handle = handleField(input.x, user.name, 'x', problems);
    user.x = newXProfile(handle.username, handle.name);
  },
  seeds: {
    ada: { x: { username: 'ada_bakery', name: 'Ada Bakery' } },
    bob: { x: { username: 'bob_bikes', name: 'Bob Bikes' } },
  },
  accountIds: (user) => (user.x ? [user.x.id] : []),
};

export function findXProfile(
  state: EmulatorState,
  xUserId: string,
): { user: TestUser; profile: TestXProfile } | undefined {
  const user = state.usersHolding(xUserId).find((candidate) => candidate.x?.id === xUserId);
  return user?.x ? { user, profile: user.x } : undefined;
}
