import { EmulatorRegistry } from '../registry/emulator-registry';
import { RegisteredNetwork } from '../registry/registered-network';
import { CredentialStore } from './credentials';
import { FaultStore } from './faults';
import { ObjectCollections } from './object-collections';
import { PublishedLog } from './published-log';
import { RateWindows } from './rate-windows';
import { RegisteredApps } from './registered-apps';
import { EmulatorSettings } from './settings';
import { defaultSettings } from './settings-of-networks';
import { accountIdsOf, seedTestUsers } from './test-user-factory';
import { SEEDED_USERS, TestUser } from './test-users';
import { worldMark } from '../../networks';

export interface EmulatorStateOptions<Network extends RegisteredNetwork> {
  /** The networks served: their test-user parts and settings make the seeded start. */
  registry: EmulatorRegistry<Network>;
  /** The clock; tests pass their own. */
  now?: () => number;
  /** The test world (its customer id) this state belongs to; undefined for the in-memory default world. */
  world?: string;
}

/**
 * Everything the emulated networks remember, in memory, one instance per process: test users and
 * their pages and profiles, issued codes and tokens, injected faults, objects between calls and
 * the record of everything published. `reset()` returns to the seeded start.
 *
 * Each part is a store of its own behind a small interface (CredentialStore, FaultStore,
 * PublishedLog, ObjectCollections, RateWindows, RegisteredApps, the users and settings here), so
 * that keeping them elsewhere than in this process's memory means replacing those classes.
 */
export class EmulatorState<Network extends RegisteredNetwork = RegisteredNetwork> {
  readonly registry: EmulatorRegistry<Network>;
  readonly now: () => number;
  /**
   * The test world this state is, if any: codes and tokens issued here carry it in their value
   * (worldMark), so that a later call bringing only a token finds its way back to this world.
   */
  readonly world: string | undefined;
  readonly credentials: CredentialStore;
  readonly faults = new FaultStore();
  readonly published = new PublishedLog();
  readonly objects = new ObjectCollections();
  readonly rateWindows: RateWindows;
  readonly apps = new RegisteredApps();
  settings: EmulatorSettings;
  private users: TestUser[] = [];
  /** The users by id, and by every network account id they hold: lookups stay flat with many users (the benchmarks seed thousands). */
  private readonly usersById = new Map<string, TestUser>();
  private readonly accountOwners = new Map<string, TestUser[]>();

  constructor(options: EmulatorStateOptions<Network>) {
    this.registry = options.registry;
    this.now = options.now ?? Date.now;
    this.world = options.world;
    this.credentials = new CredentialStore(this.now);
    this.rateWindows = new RateWindows(this.now);
    this.settings = defaultSettings(this.registry.networks);
    this.setUsers(seedTestUsers(this.registry, SEEDED_USERS));
  }

  /** What ends every code and token value issued here: the world's mark, or nothing in the default world. */
  get credentialSuffix(): string {
    return this.world === undefined ? '' : worldMark(this.world);
  }

  reset(): void {
    this.credentials.clear();
    this.faults.clear();
    this.published.clear();
    this.objects.clear();
    this.rateWindows.clear();
    this.apps.clear();
    this.settings = defaultSettings(this.registry.networks);
    this.setUsers(seedTestUsers(this.registry, SEEDED_USERS));
  }

  listUsers(): readonly TestUser[] {
    return this.users;
  }

  /** Replaces the users (a world read back from storage). */
  restoreUsers(users: TestUser[]): void {
    this.setUsers(users);
  }

  /** Adds a user, complete: a user's accounts do not change once added (the indexes rely on it). */
  addUser(user: TestUser): void {
    this.users.push(user);
    this.index(user);
  }

  /** The user by id, or the first user when no id is given. */
  findUser(id?: string): TestUser | undefined {
    return id === undefined || id === '' ? this.users[0] : this.usersById.get(id);
  }

  /** The users holding a network account with this id (a Page, an Instagram or X account, a Facebook user); usually one. */
  usersHolding(accountId: string): readonly TestUser[] {
    return this.accountOwners.get(accountId) ?? [];
  }

  private setUsers(users: TestUser[]): void {
    this.users = users;
    this.usersById.clear();
    this.accountOwners.clear();
    for (const user of users) this.index(user);
  }

  private index(user: TestUser): void {
    // The first of a duplicated id wins, as a search from the start would find it.
    if (!this.usersById.has(user.id)) this.usersById.set(user.id, user);
    for (const accountId of new Set(accountIdsOf(this.registry, user)))
      this.accountOwners.set(accountId, [...(this.accountOwners.get(accountId) ?? []), user]);
  }
}
