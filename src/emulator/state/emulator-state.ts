import { RegisteredApps } from './registered-apps';
import { CredentialStore } from './credentials';
import { FaultStore } from './faults';
import { NetworkObjects } from './network-objects';
import { PublishedLog } from './published-log';
import { RateWindows } from './rate-windows';
import { defaultSettings, EmulatorSettings } from './settings';
import { seedTestUsers, TestFacebookPage, TestInstagramAccount, TestUser, TestXProfile } from './test-users';

export interface EmulatorStateOptions {
  /** The clock; tests pass their own. */
  now?: () => number;
}

/**
 * Everything the emulated networks remember, in memory, one instance per process: test users and
 * their pages and profiles, issued codes and tokens, injected faults, objects between calls and
 * the record of everything published. `reset()` returns to the seeded start.
 */
export class EmulatorState {
  readonly now: () => number;
  readonly credentials: CredentialStore;
  readonly faults = new FaultStore();
  readonly published = new PublishedLog();
  readonly objects = new NetworkObjects();
  readonly rateWindows: RateWindows;
  readonly apps = new RegisteredApps();
  settings: EmulatorSettings = defaultSettings();
  private users: TestUser[] = seedTestUsers();

  constructor(options: EmulatorStateOptions = {}) {
    this.now = options.now ?? Date.now;
    this.credentials = new CredentialStore(this.now);
    this.rateWindows = new RateWindows(this.now);
  }

  reset(): void {
    this.credentials.clear();
    this.faults.clear();
    this.published.clear();
    this.objects.clear();
    this.rateWindows.clear();
    this.apps.clear();
    this.settings = defaultSettings();
    this.users = seedTestUsers();
  }

  listUsers(): readonly TestUser[] {
    return this.users;
  }

  addUser(user: TestUser): void {
    this.users.push(user);
  }

  /** The user by id, or the first user when no id is given. */
  findUser(id?: string): TestUser | undefined {
    return id === undefined || id === '' ? this.users[0] : this.users.find((user) => user.id === id);
  }

  findPage(pageId: string): { user: TestUser; page: TestFacebookPage } | undefined {
    for (const user of this.users) {
      const page = user.pages.find((candidate) => candidate.id === pageId);
      if (page) return { user, page };
    }
    return undefined;
  }

  /** An Instagram account by its professional id, with the Page it hangs off (Facebook Login) if any. */
  findInstagramAccount(igUserId: string): { account: TestInstagramAccount; page?: TestFacebookPage; users: TestUser[] } | undefined {
    let account: TestInstagramAccount | undefined;
    let page: TestFacebookPage | undefined;
    const users: TestUser[] = [];
    for (const user of this.users) {
      const viaPage = user.pages.find((candidate) => candidate.instagram?.id === igUserId);
      const direct = user.instagram?.id === igUserId ? user.instagram : undefined;
      if (viaPage || direct) {
        account ??= viaPage?.instagram ?? direct;
        page ??= viaPage;
        users.push(user);
      }
    }
    return account ? { account, page, users } : undefined;
  }

  findXProfile(xUserId: string): { user: TestUser; profile: TestXProfile } | undefined {
    const user = this.users.find((candidate) => candidate.x?.id === xUserId);
    return user?.x ? { user, profile: user.x } : undefined;
  }

  /** Every account id (page, Instagram, X) already in use, to refuse duplicates on creation. */
  knownAccountIds(): Set<string> {
    const ids = new Set<string>();
    for (const user of this.users) {
      ids.add(user.facebookUserId);
      for (const page of user.pages) {
        ids.add(page.id);
        if (page.instagram) ids.add(page.instagram.id);
      }
      if (user.instagram) ids.add(user.instagram.id);
      if (user.x) ids.add(user.x.id);
    }
    return ids;
  }
}
