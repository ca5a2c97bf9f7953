import { EmulatorRegistry } from '../registry/emulator-registry';
import { TestUser, TestUserInput } from './test-users';

/**
 * A test user with each registered network's parts, added in registration order (so a network
 * finds the parts of those it depends on). `inputFor` gives each network the body it reads; the
 * networks report problems in `problems`, and the user is only good when there are none.
 */
export function buildTestUser(
  registry: EmulatorRegistry,
  identity: Pick<TestUser, 'id' | 'name'>,
  inputFor: (networkId: string) => TestUserInput,
  problems: string[],
): TestUser {
  // The networks' augmentations make their fields required; each network's add() fills its own.
  const user = { ...identity } as TestUser;
  for (const network of registry.networks) network.testUser.add(user, inputFor(network.id), problems);
  return user;
}

/** The seeded users, with what each network's seeds give them. */
export function seedTestUsers(
  registry: EmulatorRegistry,
  seeded: ReadonlyArray<Pick<TestUser, 'id' | 'name'>>,
): TestUser[] {
  return seeded.map((identity) => {
    const problems: string[] = [];
    const user = buildTestUser(
      registry,
      identity,
      (networkId) => registry.find(networkId)?.testUser.seeds[identity.id] ?? {},
      problems,
    );
    if (problems.length) throw new Error(`The seed of test user ${identity.id} is invalid: ${problems.join('; ')}`);
    return user;
  });
}

/** Every account id a user's parts take, over all networks. */
export function accountIdsOf(registry: EmulatorRegistry, user: TestUser): string[] {
  return registry.networks.flatMap((network) => network.testUser.accountIds(user));
}
