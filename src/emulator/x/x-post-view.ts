import { EmulatorState } from '../state/emulator-state';
import { PublishedItem } from '../state/published-log';
import { XQuery } from './x-query';
import { X_MEDIA } from './x-stored-objects';
import { findXProfile } from './x-test-user';
import { truncatedTweetText } from './x-text-length';

/** A post as X's spec names its properties (`Post` in specs/openapi.json). */
export type XPostView = Record<string, unknown>;

/** The author of a tweet: a third party added through the control API, or the profile that posted it. */
export function authorOf(state: EmulatorState, tweet: PublishedItem): { id: string; username: string } {
  return (
    tweet.author ?? { id: tweet.accountId, username: findXProfile(state, tweet.accountId)?.profile.username ?? '' }
  );
}

/** The tweet a conversation started with: the root of the reply chain. */
export function conversationOf(state: EmulatorState, tweet: PublishedItem): string {
  let current = tweet;
  for (let depth = 0; current.replyToId && depth < 1000; depth++) {
    const parent = state.published.find('x', current.replyToId);
    if (!parent) return current.replyToId;
    current = parent;
  }
  return current.postId;
}

/** X names a tweet's media by media key (`3_{media id}` for an image), as the upload answered it. */
function mediaKeyOf(state: EmulatorState, mediaId: string): string {
  return state.objects.of(X_MEDIA).get(mediaId)?.mediaKey ?? `3_${mediaId}`;
}

/**
 * A tweet as a lookup answers it: `id`, `text` and `edit_history_post_ids` always; the `post.fields`
 * asked for that the emulator keeps; and the ids an expansion names (`author_id`,
 * `in_reply_to_user_id`, `referenced_posts`), which X sets on the post as it expands them.
 * `extra` adds fields a route computes itself (public_metrics).
 */
export function xPostView(
  state: EmulatorState,
  tweet: PublishedItem,
  query: XQuery,
  extra: (field: string) => unknown = () => undefined,
): XPostView {
  const fields = query.list('post.fields');
  const expansions = query.list('expansions');
  const parent = tweet.replyToId ? state.published.find('x', tweet.replyToId) : undefined;
  // A long post's `text` comes back cut; its whole text is `note_post` (X's PostNotePost), when asked.
  const text = truncatedTweetText(tweet.text);
  const view: XPostView = { id: tweet.postId, text, edit_history_post_ids: [...(tweet.editHistory ?? [tweet.postId])] };
  if (fields.has('note_post') && text !== tweet.text) view.note_post = { text: tweet.text };
  if (fields.has('created_at')) view.created_at = tweet.publishedAt;
  if (fields.has('conversation_id')) view.conversation_id = conversationOf(state, tweet);
  // X's Post.reply_settings: "Shows who can reply to this Post"; a tweet posted without it is open to everyone.
  if (fields.has('reply_settings')) view.reply_settings = tweet.replySettings ?? 'everyone';
  if (fields.has('community_id') && tweet.communityId) view.community_id = tweet.communityId;
  if (fields.has('attachments') && tweet.media.length > 0)
    view.attachments = { media_keys: tweet.media.map((medium) => mediaKeyOf(state, medium.id)) };
  // X's Attachments.poll_ids, set (as the ids an expansion names are) when the field or the expansion is asked.
  if ((fields.has('attachments') || expansions.has('attachments.poll_ids')) && tweet.poll)
    view.attachments = { ...(view.attachments as object | undefined), poll_ids: [tweet.poll.id] };
  for (const field of fields) {
    const value = extra(field);
    if (value !== undefined) view[field] = value;
  }
  if (expansions.has('author_id')) view.author_id = authorOf(state, tweet).id;
  if (expansions.has('in_reply_to_user_id') && parent) view.in_reply_to_user_id = authorOf(state, parent).id;
  if (expansions.has('referenced_posts') && (tweet.replyToId || tweet.quoteOf))
    view.referenced_posts = [
      ...(tweet.replyToId ? [{ type: 'replied_to', id: tweet.replyToId }] : []),
      ...(tweet.quoteOf ? [{ type: 'quoted', id: tweet.quoteOf }] : []),
    ];
  return view;
}

/**
 * A poll as X's `Poll` schema shows it: its choices with their 1-based positions (no one votes in
 * the emulator), its end, and whether it is still open at the emulator's time.
 */
function pollView(state: EmulatorState, tweet: PublishedItem): Record<string, unknown> {
  const poll = tweet.poll!;
  const end = Date.parse(tweet.publishedAt) + poll.durationMinutes * 60_000;
  return {
    id: poll.id,
    options: poll.options.map((label, index) => ({ position: index + 1, label, votes: 0 })),
    duration_minutes: poll.durationMinutes,
    end_datetime: new Date(end).toISOString(),
    voting_status: state.now() < end ? 'open' : 'closed',
  };
}

/**
 * `includes` for the expansions asked: the users of `author_id` and `in_reply_to_user_id`, the
 * posts of `referenced_posts` still there (replied to, quoted), the polls of `attachments.poll_ids`;
 * undefined when there is nothing to include.
 */
export function xIncludes(
  state: EmulatorState,
  tweets: readonly PublishedItem[],
  query: XQuery,
): Record<string, unknown> | undefined {
  const expansions = query.list('expansions');
  const users = new Map<string, { id: string; username: string; name: string }>();
  const addUser = (user: { id: string; username: string }) =>
    users.set(user.id, { id: user.id, username: user.username, name: user.username });
  const posts = new Map<string, XPostView>();
  const polls: Array<Record<string, unknown>> = [];
  for (const tweet of tweets) {
    if (expansions.has('author_id')) addUser(authorOf(state, tweet));
    if (expansions.has('attachments.poll_ids') && tweet.poll) polls.push(pollView(state, tweet));
    const quoted = tweet.quoteOf ? state.published.find('x', tweet.quoteOf) : undefined;
    if (expansions.has('referenced_posts') && quoted && !quoted.deletedAt)
      posts.set(quoted.postId, {
        id: quoted.postId,
        text: truncatedTweetText(quoted.text),
        edit_history_post_ids: [quoted.postId],
      });
    const parent = tweet.replyToId ? state.published.find('x', tweet.replyToId) : undefined;
    if (!parent) continue;
    if (expansions.has('in_reply_to_user_id')) addUser(authorOf(state, parent));
    if (expansions.has('referenced_posts') && !parent.deletedAt)
      posts.set(parent.postId, {
        id: parent.postId,
        text: truncatedTweetText(parent.text),
        edit_history_post_ids: [parent.postId],
      });
  }
  const includes = {
    ...(users.size ? { users: [...users.values()] } : {}),
    ...(posts.size ? { posts: [...posts.values()] } : {}),
    ...(polls.length ? { polls } : {}),
  };
  return Object.keys(includes).length ? includes : undefined;
}
