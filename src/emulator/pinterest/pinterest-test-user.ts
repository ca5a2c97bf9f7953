import { EmulatorState } from '../state/emulator-state';
import { numericId } from '../state/emulator-ids';
import { handleField, pictureUrl } from '../state/test-user-fields';
import { TestUser, TestUserParts } from '../state/test-users';

export interface TestPinterestSection {
  id: string;
  name: string;
}

export interface TestPinterestBoard {
  id: string;
  name: string;
  privacy: 'PUBLIC' | 'SECRET' | 'PROTECTED';
  sections: TestPinterestSection[];
}

/** A Pinterest account: what the consent page signs in to, `GET /user_account` describes, and its boards. */
export interface TestPinterestAccount {
  /** The user account id (`Account.id`, digits). */
  id: string;
  username: string;
  name: string;
  accountType: 'PINNER' | 'BUSINESS';
  picture: string;
  boards: TestPinterestBoard[];
}

declare module '../state/test-users' {
  interface TestUser {
    /** The user's Pinterest account and its boards, if any. */
    pinterest?: TestPinterestAccount;
  }
}

/**
 * The id of the first board of each seeded user (Ada's "Bread", Bob's "Ideas"): a post in the
 * sandbox can name it without listing the boards first.
 */
export const SEEDED_PINTEREST_BOARD_ID = '549755885175000001';

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

function newBoard(
  name: string,
  sections: string[] = [],
  privacy: TestPinterestBoard['privacy'] = 'PUBLIC',
  id = numericId(18),
) {
  return {
    id,
    name,
    privacy,
    sections: sections.map((section) => ({ id: numericId(18), name: section })),
  };
}

/**
 * `pinterest: { username, name?, accountType?, boards?: [{ name, id?, privacy?, sections?: [name] }] }`:
 * the user's account; without boards it has one, "Ideas", as an account is never left without
 * somewhere to pin in a test. A board's id may be given (digits), so a test can name it before connecting.
 */
export const pinterestTestUserParts: TestUserParts = {
  add(user, input, problems) {
    if (input.pinterest === undefined) return;
    const body = record(input.pinterest);
    const { username, name } = handleField(body, user.name, 'pinterest', problems);
    const accountType = body.accountType ?? 'BUSINESS';
    if (accountType !== 'PINNER' && accountType !== 'BUSINESS')
      problems.push('pinterest.accountType: must be PINNER or BUSINESS');
    const boards = Array.isArray(body.boards) ? body.boards.map(record) : [{ name: 'Ideas' }];
    boards.forEach((board, index) => {
      if (typeof board.name !== 'string' || !board.name.trim() || board.name.length > 180)
        problems.push(`pinterest.boards[${index}].name: must be 1 to 180 characters`);
      if (board.privacy !== undefined && !['PUBLIC', 'SECRET', 'PROTECTED'].includes(String(board.privacy)))
        problems.push(`pinterest.boards[${index}].privacy: must be PUBLIC, SECRET or PROTECTED`);
      if (
        board.sections !== undefined &&
        !(Array.isArray(board.sections) && board.sections.every((s) => typeof s === 'string'))
      )
        problems.push(`pinterest.boards[${index}].sections: must be a list of names`);
      if (board.id !== undefined && !(typeof board.id === 'string' && /^\d{1,19}$/.test(board.id)))
        problems.push(`pinterest.boards[${index}].id: must be 1 to 19 digits`);
    });
    const id = numericId(18);
    user.pinterest = {
      id,
      username,
      name,
      accountType: accountType === 'PINNER' ? 'PINNER' : 'BUSINESS',
      picture: pictureUrl(`pinterest-${id}`),
      boards: boards.map((board) =>
        newBoard(
          String(board.name ?? ''),
          Array.isArray(board.sections) ? board.sections.map(String) : [],
          (board.privacy as TestPinterestBoard['privacy'] | undefined) ?? 'PUBLIC',
          typeof board.id === 'string' ? board.id : undefined,
        ),
      ),
    };
  },
  seeds: {
    ada: {
      pinterest: {
        username: 'ada_bakes',
        name: 'Ada Emulator',
        boards: [{ id: SEEDED_PINTEREST_BOARD_ID, name: 'Bread', sections: ['Sourdough', 'Rye'] }, { name: 'Cakes' }],
      },
    },
    bob: {
      pinterest: {
        username: 'bob_pins',
        name: 'Bob Emulator',
        accountType: 'PINNER',
        boards: [{ id: SEEDED_PINTEREST_BOARD_ID, name: 'Ideas' }],
      },
    },
  },
  accountIds: (user) => (user.pinterest ? [user.pinterest.id] : []),
};

/** The user behind a Pinterest account id. */
export function findPinterestAccount(
  state: EmulatorState,
  id: string,
): { user: TestUser; account: TestPinterestAccount } | undefined {
  const user = state.usersHolding(id).find((candidate) => candidate.pinterest?.id === id);
  return user?.pinterest ? { user, account: user.pinterest } : undefined;
}
