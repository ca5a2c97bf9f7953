import { graphId, instagramUserId, numericId, snowflakeId } from './emulator-ids';

/** An Instagram professional account, reachable by Instagram Login or through its Facebook Page. */
export interface TestInstagramAccount {
  /** The professional account id (`user_id`): the one to publish with. */
  id: string;
  /** The app-scoped id Instagram Login's /me returns as `id`; differs from `user_id` on purpose. */
  appScopedId: string;
  username: string;
  name: string;
  accountType: 'BUSINESS' | 'MEDIA_CREATOR';
  profilePictureUrl: string;
}

export interface TestFacebookPage {
  id: string;
  name: string;
  category: string;
  tasks: string[];
  pictureUrl: string;
  /** The Instagram account linked to the Page, if any (`instagram_business_account`). */
  instagram?: TestInstagramAccount;
}

export interface TestXProfile {
  id: string;
  username: string;
  name: string;
  profileImageUrl: string;
}

/**
 * A person who logs in on the consent pages. One test user has a Facebook identity with Pages,
 * optionally an Instagram account for Instagram Login, and optionally an X profile.
 */
export interface TestUser {
  /** The emulator's own handle for the user (`emulator_user=`). */
  id: string;
  name: string;
  facebookUserId: string;
  pages: TestFacebookPage[];
  instagram?: TestInstagramAccount;
  x?: TestXProfile;
}

const PAGE_TASKS = ['ADVERTISE', 'ANALYZE', 'CREATE_CONTENT', 'MESSAGING', 'MODERATE', 'MANAGE'];

function picture(seed: string): string {
  return `https://picsum.photos/seed/${encodeURIComponent(seed)}/200`;
}

export function newInstagramAccount(username: string, name: string): TestInstagramAccount {
  return {
    id: instagramUserId(),
    appScopedId: numericId(17),
    username,
    name,
    accountType: 'BUSINESS',
    profilePictureUrl: picture(username),
  };
}

export function newFacebookPage(name: string, instagram?: TestInstagramAccount): TestFacebookPage {
  return { id: graphId(), name, category: 'Brand', tasks: [...PAGE_TASKS], pictureUrl: picture(name), instagram };
}

export function newXProfile(username: string, name: string): TestXProfile {
  return { id: snowflakeId(), username, name, profileImageUrl: picture(`x-${username}`) };
}

/**
 * The users every fresh (or reset) emulator starts with. The first has three Pages so that
 * /me/accounts needs more than one page of results with the emulator's small page size.
 */
export function seedTestUsers(): TestUser[] {
  const adaInstagram = newInstagramAccount('ada.bakery', 'Ada Bakery');
  const ada: TestUser = {
    id: 'ada',
    name: 'Ada Emulator',
    facebookUserId: graphId(),
    pages: [
      newFacebookPage('Ada Bakery', adaInstagram),
      newFacebookPage('Ada Coffee Corner', newInstagramAccount('ada.coffee', 'Ada Coffee Corner')),
      newFacebookPage('Ada Catering'),
    ],
    instagram: adaInstagram,
    x: newXProfile('ada_bakery', 'Ada Bakery'),
  };
  const bob: TestUser = {
    id: 'bob',
    name: 'Bob Emulator',
    facebookUserId: graphId(),
    pages: [newFacebookPage('Bob Bikes')],
    instagram: newInstagramAccount('bob.bikes', 'Bob Bikes'),
    x: newXProfile('bob_bikes', 'Bob Bikes'),
  };
  return [ada, bob];
}
