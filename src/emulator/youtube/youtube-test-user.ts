import { youTubeId } from './youtube-ids';
import { EmulatorState } from '../state/emulator-state';
import { pictureUrl, textField } from '../state/test-user-fields';
import { TestUser, TestUserParts } from '../state/test-users';

/** A YouTube channel: what the consent screen signs in to and `channels.list?mine=true` describes. */
export interface TestYouTubeChannel {
  /** `UC` and 22 characters, as YouTube's channel ids. */
  id: string;
  title: string;
  /** `@handle` (the channel's customUrl). */
  handle: string;
  picture: string;
  /** Whether the channel may set custom thumbnails (a verified channel); thumbnails.set answers 403 otherwise. */
  verified: boolean;
}

declare module '../state/test-users' {
  interface TestUser {
    /** The user's YouTube channel, if any. */
    youtube?: TestYouTubeChannel;
  }
}

export function newYouTubeChannel(title: string, handle: string, verified = true): TestYouTubeChannel {
  const id = `UC${youTubeId(22)}`;
  return {
    id,
    title,
    handle: handle.startsWith('@') ? handle : `@${handle}`,
    picture: pictureUrl(`youtube-${id}`),
    verified,
  };
}

/** `youtube: { title?, handle?, verified? }`: the user's channel. */
export const youTubeTestUserParts: TestUserParts = {
  add(user, input, problems) {
    if (input.youtube === undefined) return;
    const body =
      typeof input.youtube === 'object' && input.youtube !== null ? (input.youtube as Record<string, unknown>) : {};
    const title = body.title === undefined ? user.name : textField(body.title, 'youtube.title', problems);
    const handle =
      body.handle === undefined
        ? title.toLowerCase().replace(/[^a-z0-9]+/g, '')
        : textField(body.handle, 'youtube.handle', problems);
    if (body.verified !== undefined && typeof body.verified !== 'boolean')
      problems.push('youtube.verified: must be a boolean');
    user.youtube = newYouTubeChannel(title, handle || 'channel', body.verified !== false);
  },
  seeds: {
    ada: { youtube: { title: 'Ada Emulator', handle: 'adaemulator' } },
    bob: { youtube: { title: 'Bob Emulator', handle: 'bobemulator', verified: false } },
  },
  accountIds: (user) => (user.youtube ? [user.youtube.id] : []),
};

/** The user whose channel this is. */
export function findYouTubeChannel(
  state: EmulatorState,
  channelId: string,
): { user: TestUser; channel: TestYouTubeChannel } | undefined {
  const user = state.usersHolding(channelId).find((candidate) => candidate.youtube?.id === channelId);
  return user?.youtube ? { user, channel: user.youtube } : undefined;
}
