import { EmulatorState } from '../state/emulator-state';
import { numericId } from '../state/emulator-ids';
import { handleField, pictureUrl } from '../state/test-user-fields';
import { TestUser, TestUserParts } from '../state/test-users';

/** A Threads profile: what the authorize window signs in to and `GET /me` describes. */
export interface TestThreadsProfile {
  /** The Threads user id (app-scoped, numeric), the `user_id` of the code exchange. */
  id: string;
  username: string;
  name: string;
  biography: string;
  pictureUrl: string;
  isVerified: boolean;
}

declare module '../state/test-users' {
  interface TestUser {
    /** The user's Threads profile, if any. */
    threads?: TestThreadsProfile;
  }
}

export function newThreadsProfile(username: string, name: string): TestThreadsProfile {
  return {
    id: numericId(17),
    username,
    name,
    biography: '',
    pictureUrl: pictureUrl(`threads-${username}`),
    isVerified: false,
  };
}

/** `threads: { username, name? }`: the user's Threads profile. */
export const threadsTestUserParts: TestUserParts = {
  add(user, input, problems) {
    if (input.threads === undefined) return;
    const handle = handleField(input.threads, user.name, 'threads', problems);
    user.threads = newThreadsProfile(handle.username, handle.name);
  },
  seeds: {
    ada: { threads: { username: 'ada.bakery', name: 'Ada Bakery' } },
    bob: { threads: { username: 'bob.bikes', name: 'Bob Bikes' } },
  },
  accountIds: (user) => (user.threads ? [user.threads.id] : []),
};

export function findThreadsProfile(
  state: EmulatorState,
  threadsUserId: string,
): { user: TestUser; profile: TestThreadsProfile } | undefined {
  const user = state.usersHolding(threadsUserId).find((candidate) => candidate.threads?.id === threadsUserId);
  return user?.threads ? { user, profile: user.threads } : undefined;
}
