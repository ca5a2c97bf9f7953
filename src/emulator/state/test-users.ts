/**
 * A person who logs in on the consent pages. The shared emulator knows only who they are; each
 * emulated network adds what the user has on it (Facebook: a user id and Pages; Instagram: a
 * professional account; X: a profile) by augmenting this interface in its own folder and filling
 * those fields through its TestUserParts.
 */
export interface TestUser {
  /** The emulator's own handle for the user (`emulator_user=`). */
  id: string;
  name: string;
}

/** The body of `POST /control/users` (or a seed) as one network reads it. */
export type TestUserInput = Readonly<Record<string, unknown>>;

/** What one network contributes to every test user. */
export interface TestUserParts {
  /**
   * Adds this network's parts to a user being created, from the control API's body (or a seed),
   * with fresh network ids; pushes a message per problem in the fields it reads.
   */
  add(user: TestUser, input: TestUserInput, problems: string[]): void;
  /** What each seeded user (by id) has on this network, in the shape `add` reads. */
  seeds: Readonly<Record<string, TestUserInput>>;
  /** The ids the user's accounts take on this network, which no other user may take. */
  accountIds(user: TestUser): string[];
}

/**
 * The users every fresh (or reset) emulator starts with; the networks' seeds say what they have.
 * The first comes first on purpose: it is who a consent page signs in without `emulator_user`.
 */
export const SEEDED_USERS: ReadonlyArray<Pick<TestUser, 'id' | 'name'>> = [
  { id: 'ada', name: 'Ada Emulator' },
  { id: 'bob', name: 'Bob Emulator' },
];
