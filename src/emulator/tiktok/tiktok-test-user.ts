import { randomBase62 } from '../../common/ids';
import { EmulatorState } from '../state/emulator-state';
import { handleField, pictureUrl } from '../state/test-user-fields';
import { TestUser, TestUserParts } from '../state/test-users';

/** A TikTok creator: what the authorize page signs in to, /v2/user/info/ and creator_info describe. */
export interface TestTikTokCreator {
  /** The app-scoped user id (`open_id`). */
  openId: string;
  unionId: string;
  username: string;
  nickname: string;
  avatarUrl: string;
  /** A private account is offered FOLLOWER_OF_CREATOR instead of PUBLIC_TO_EVERYONE. */
  privateAccount: boolean;
  commentDisabled: boolean;
  duetDisabled: boolean;
  stitchDisabled: boolean;
  maxVideoPostDurationSec: number;
}

declare module '../state/test-users' {
  interface TestUser {
    /** The user's TikTok creator account, if any. */
    tiktok?: TestTikTokCreator;
  }
}

export function newTikTokCreator(
  username: string,
  nickname: string,
  options: Partial<TestTikTokCreator> = {},
): TestTikTokCreator {
  return {
    openId: `-000${randomBase62(28)}`,
    unionId: `c9${randomBase62(30)}`,
    username,
    nickname,
    avatarUrl: pictureUrl(`tiktok-${username}`),
    privateAccount: false,
    commentDisabled: false,
    duetDisabled: false,
    stitchDisabled: false,
    maxVideoPostDurationSec: 600,
    ...options,
  };
}

/** The privacy levels creator_info offers the creator (the creator_info page's two lists). */
export function privacyLevelOptions(creator: TestTikTokCreator): string[] {
  return creator.privateAccount
    ? ['FOLLOWER_OF_CREATOR', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY']
    : ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'];
}

const booleanOf = (body: Record<string, unknown>, name: string, problems: string[]): boolean | undefined => {
  const value = body[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') problems.push(`tiktok.${name}: must be a boolean`);
  return value === true;
};

/** `tiktok: { username, name?, privateAccount?, commentDisabled?, duetDisabled?, stitchDisabled?, maxVideoPostDurationSec? }`. */
export const tiktokTestUserParts: TestUserParts = {
  add(user, input, problems) {
    if (input.tiktok === undefined) return;
    const handle = handleField(input.tiktok, user.name, 'tiktok', problems);
    const body =
      typeof input.tiktok === 'object' && input.tiktok !== null ? (input.tiktok as Record<string, unknown>) : {};
    const options: Partial<TestTikTokCreator> = {};
    for (const name of ['privateAccount', 'commentDisabled', 'duetDisabled', 'stitchDisabled'] as const) {
      const value = booleanOf(body, name, problems);
      if (value !== undefined) options[name] = value;
    }
    const longest = body.maxVideoPostDurationSec;
    if (longest !== undefined) {
      if (typeof longest !== 'number' || !Number.isInteger(longest) || longest < 1 || longest > 3600)
        problems.push('tiktok.maxVideoPostDurationSec: must be an integer from 1 to 3600');
      else options.maxVideoPostDurationSec = longest;
    }
    user.tiktok = newTikTokCreator(handle.username, handle.name, options);
  },
  seeds: {
    ada: { tiktok: { username: 'ada.bakes', name: 'Ada Bakes' } },
    bob: { tiktok: { username: 'bob.rides', name: 'Bob Rides', privateAccount: true } },
  },
  accountIds: (user) => (user.tiktok ? [user.tiktok.openId] : []),
};

export function findTikTokCreator(
  state: EmulatorState,
  openId: string,
): { user: TestUser; creator: TestTikTokCreator } | undefined {
  const user = state.usersHolding(openId).find((candidate) => candidate.tiktok?.openId === openId);
  return user?.tiktok ? { user, creator: user.tiktok } : undefined;
}
