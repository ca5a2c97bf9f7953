import { EmulatorState } from '../state/emulator-state';
import { snowflakeId } from '../state/emulator-ids';
import { handleField, pictureUrl } from '../state/test-user-fields';
import { TestUser, TestUserParts } from '../state/test-users';

/**
 * The subscription types X's previous OpenAPI document enumerates for `User.subscription_type`
 * (xdevplatform/xdk latest-openapi.json; the current one names the same four in its description).
 */
export const X_SUBSCRIPTION_TYPES = ['None', 'Basic', 'Premium', 'PremiumPlus'] as const;
export type XSubscriptionType = (typeof X_SUBSCRIPTION_TYPES)[number];

export interface TestXProfile {
  id: string;
  username: string;
  name: string;
  profileImageUrl: string;
  /** `subscription_type`; undefined (users made before it existed) is None. */
  subscriptionType?: XSubscriptionType;
}

declare module '../state/test-users' {
  interface TestUser {
    /** The user's X account, if any. */
    x?: TestXProfile;
  }
}

export function newXProfile(
  username: string,
  name: string,
  subscriptionType: XSubscriptionType = 'None',
): TestXProfile {
  return { id: snowflakeId(), username, name, profileImageUrl: pictureUrl(`x-${username}`), subscriptionType };
}

/** A subscription type from a test-user or control body (`None` when absent). */
export function subscriptionField(value: unknown, name: string, problems: string[]): XSubscriptionType {
  if (value === undefined) return 'None';
  if (typeof value === 'string' && (X_SUBSCRIPTION_TYPES as readonly string[]).includes(value))
    return value as XSubscriptionType;
  problems.push(`${name}: must be one of ${X_SUBSCRIPTION_TYPES.join(', ')}`);
  return 'None';
}

/** `x: { username, name?, subscriptionType? }`: the user's X profile and its X subscription (`None` by default). */
export const xTestUserParts: TestUserParts = {
  add(user, input, problems) {
    if (input.x === undefined) return;
    const handle = handleField(input.x, user.name, 'x', problems);
    const body = typeof input.x === 'object' && input.x !== null ? (input.x as Record<string, unknown>) : {};
    const subscription = subscriptionField(body.subscriptionType, 'x.subscriptionType', problems);
    user.x = newXProfile(handle.username, handle.name, subscription);
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
