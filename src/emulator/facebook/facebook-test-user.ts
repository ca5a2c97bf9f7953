import { EmulatorState } from '../state/emulator-state';
import { graphId } from '../state/emulator-ids';
import { pictureUrl, textField } from '../state/test-user-fields';
import { TestUser, TestUserParts } from '../state/test-users';

export interface TestFacebookPage {
  id: string;
  name: string;
  category: string;
  tasks: string[];
  pictureUrl: string;
}

declare module '../state/test-users' {
  interface TestUser {
    /** The user's Facebook identity (Facebook Login's `/me`). */
    facebookUserId: string;
    /** The Pages the user administers, in the order /me/accounts lists them. */
    pages: TestFacebookPage[];
  }
}

const PAGE_TASKS = ['ADVERTISE', 'ANALYZE', 'CREATE_CONTENT', 'MESSAGING', 'MODERATE', 'MANAGE'];

export function newFacebookPage(name: string): TestFacebookPage {
  return { id: graphId(), name, category: 'Brand', tasks: [...PAGE_TASKS], pictureUrl: pictureUrl(name) };
}

/**
 * Every test user has a Facebook identity, with the Pages of `pages: [{ name }]`. The first seeded
 * user has three Pages so that /me/accounts needs more than one page of results with the
 * emulator's small page size.
 */
export const facebookTestUserParts: TestUserParts = {
  add(user, input, problems) {
    const pagesInput = input.pages ?? [];
    if (!Array.isArray(pagesInput) || pagesInput.length > 20)
      problems.push('pages: must be an array of at most 20 pages');
    user.facebookUserId = graphId();
    user.pages = (Array.isArray(pagesInput) ? pagesInput : []).map((page: unknown, index) => {
      const pageBody = typeof page === 'object' && page !== null ? (page as Record<string, unknown>) : {};
      return newFacebookPage(textField(pageBody.name, `pages[${index}].name`, problems));
    });
  },
  seeds: {
    ada: { pages: [{ name: 'Ada Bakery' }, { name: 'Ada Coffee Corner' }, { name: 'Ada Catering' }] },
    bob: { pages: [{ name: 'Bob Bikes' }] },
  },
  accountIds: (user) => [user.facebookUserId, ...user.pages.map((page) => page.id)],
};

export function findPage(state: EmulatorState, pageId: string): { user: TestUser; page: TestFacebookPage } | undefined {
  for (const user of state.usersHolding(pageId)) {
    const page = user.pages.find((candidate) => candidate.id === pageId);
    if (page) return { user, page };
  }
  return undefined;
}
