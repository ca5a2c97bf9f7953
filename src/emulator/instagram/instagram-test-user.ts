import { TestFacebookPage } from '../facebook/facebook-test-user';
import { EmulatorState } from '../state/emulator-state';
import { numericId } from '../state/emulator-ids';
import { instagramUserId } from './instagram-ids';
import { handleField, pictureUrl } from '../state/test-user-fields';
import { TestUser, TestUserParts } from '../state/test-users';

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

declare module '../state/test-users' {
  interface TestUser {
    /** The account Instagram Login signs in to, if any. */
    instagram?: TestInstagramAccount;
  }
}

// Instagram rides on Facebook: a Page may carry a linked account (`instagram_business_account`).
declare module '../facebook/facebook-test-user' {
  interface TestFacebookPage {
    instagram?: TestInstagramAccount;
  }
}

export function newInstagramAccount(username: string, name: string): TestInstagramAccount {
  return {
    id: instagramUserId(),
    appScopedId: numericId(17),
    username,
    name,
    accountType: 'BUSINESS',
    profilePictureUrl: pictureUrl(username),
  };
}

function linkedPages(user: TestUser): TestFacebookPage[] {
  return user.pages.filter((page) => page.instagram !== undefined);
}

const ADA_BAKERY = { username: 'ada.bakery', name: 'Ada Bakery' };

/**
 * `pages: [{ instagram: { username, name? } }]` links an account to each of the user's Pages (made
 * by Facebook's parts, which this network depends on); `instagram: { username, name? }` is the
 * account of Instagram Login. The same handle in both is one account, reachable both ways.
 */
export const instagramTestUserParts: TestUserParts = {
  add(user, input, problems) {
    const pagesInput = Array.isArray(input.pages) ? input.pages : [];
    pagesInput.forEach((page: unknown, index) => {
      const linked =
        typeof page === 'object' && page !== null ? (page as Record<string, unknown>).instagram : undefined;
      const target = user.pages[index];
      if (linked === undefined || !target) return;
      const handle = handleField(linked, target.name, `pages[${index}].instagram`, problems);
      target.instagram = newInstagramAccount(handle.username, handle.name);
    });
    if (input.instagram === undefined) return;
    const own = handleField(input.instagram, user.name, 'instagram', problems);
    user.instagram =
      linkedPages(user).find((page) => page.instagram!.username === own.username)?.instagram ??
      newInstagramAccount(own.username, own.name);
  },
  seeds: {
    ada: {
      pages: [{ instagram: ADA_BAKERY }, { instagram: { username: 'ada.coffee', name: 'Ada Coffee Corner' } }],
      instagram: ADA_BAKERY,
    },
    bob: { instagram: { username: 'bob.bikes', name: 'Bob Bikes' } },
  },
  accountIds: (user) => [
    ...linkedPages(user).map((page) => page.instagram!.id),
    ...(user.instagram ? [user.instagram.id] : []),
  ],
};

/** An Instagram account by its professional id, with the Page it hangs off (Facebook Login) if any. */
export function findInstagramAccount(
  state: EmulatorState,
  igUserId: string,
): { account: TestInstagramAccount; page?: TestFacebookPage; users: TestUser[] } | undefined {
  let account: TestInstagramAccount | undefined;
  let page: TestFacebookPage | undefined;
  const users: TestUser[] = [];
  for (const user of state.usersHolding(igUserId)) {
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
