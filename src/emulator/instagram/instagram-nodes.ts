import { FieldResolver, FieldTree, parseFields, projectFields } from '../graph/graph-fields';
import { nestedPage } from '../graph/graph-paging';
import { accountMetric, postMetric } from '../metrics/emulated-metrics';
import { commentOrder, commentsUnder } from '../state/comment-threads';
import { EmulatorState } from '../state/emulator-state';
import { InstagramContainer } from './instagram-stored-objects';
import { PublishedItem } from '../state/published-log';
import { TestInstagramAccount } from './instagram-test-user';

export const INSTAGRAM_USER_DEFAULT_FIELDS = ['id', 'username'];

/**
 * An Instagram professional account as a Graph node. On graph.instagram.com `/me` the `id` is
 * app-scoped and `user_id` is the account to publish with; on graph.facebook.com `id` is that account.
 */
export function instagramUserNode(
  state: EmulatorState,
  account: TestInstagramAccount,
  fields: FieldTree,
  options: { appScopedId: boolean; instagramHost: boolean },
): Record<string, unknown> {
  const resolvers: Record<string, FieldResolver> = {
    id: () => (options.appScopedId ? account.appScopedId : account.id),
    username: () => account.username,
    name: () => account.name,
    profile_picture_url: () => account.profilePictureUrl,
    followers_count: () => accountMetric(state, 'instagram', account.id, 'followers_count', 2000),
    follows_count: () => accountMetric(state, 'instagram', account.id, 'follows_count', 300),
    media_count: () =>
      state.published
        .list({ network: 'instagram', accountId: account.id })
        .filter((item) => !item.parentId && !item.deletedAt).length,
    biography: () => '',
    website: () => undefined,
  };
  if (options.instagramHost) {
    resolvers.user_id = () => account.id;
    resolvers.account_type = () => account.accountType;
  }
  return projectFields(fields, resolvers, options.instagramHost ? 'User' : 'IGUser', (error) => error.forInstagram());
}

export function containerNode(container: InstagramContainer, fields: FieldTree): Record<string, unknown> {
  return projectFields(
    fields,
    {
      id: () => container.id,
      status_code: () => container.status,
      status: () => container.statusText,
      media_type: () => container.mediaType,
      is_carousel_item: () => container.isCarouselItem,
    },
    'ShadowIGMediaBuilder',
    (error) => error.forInstagram(),
  );
}

function mediaType(item: PublishedItem): string {
  if (item.media.length > 1) return 'CAROUSEL_ALBUM';
  return item.media[0]?.type === 'video' ? 'VIDEO' : 'IMAGE';
}

/** FEED, REELS or STORY as recorded; a record older than placements was a reel exactly when it was one video. */
function productType(item: PublishedItem): string {
  return item.instagram?.productType ?? (mediaType(item) === 'VIDEO' ? 'REELS' : 'FEED');
}

/** A published Instagram medium, or a comment under one; with the state, a medium's counts grow since publishing. */
export function instagramMediaNode(
  item: PublishedItem,
  username: string,
  fields: FieldTree,
  state?: EmulatorState,
  /** For a reply: the comment it answers. */
  parentCommentId?: string,
): Record<string, unknown> {
  const count = (name: string, scale: number) =>
    state ? postMetric(state, 'instagram', item.postId, name, scale, item.publishedAt) : 0;
  const timestamp = item.publishedAt.replace(/\.\d{3}Z$/, '+0000');
  if (item.parentId) {
    const author = item.author ?? { id: item.accountId, username };
    return projectFields(
      fields,
      {
        id: () => item.postId,
        text: () => item.text,
        timestamp: () => timestamp,
        username: () => author.username,
        from: () => ({ id: author.id, username: author.username }),
        parent_id: () => parentCommentId,
        // The answers to a comment, oldest first, as `replies{…}` in a comment read expands them
        // (the first 25; the rest are read on the comment's replies edge).
        replies: (sub) => (state && !parentCommentId ? nestedReplies(state, item, username, sub) : undefined),
      },
      'IGComment',
      (error) => error.forInstagram(),
    );
  }
  return projectFields(
    fields,
    {
      id: () => item.postId,
      caption: () => item.text,
      media_type: () => mediaType(item),
      media_product_type: () => productType(item),
      media_url: () => item.media[0]?.url,
      // Alt text is an image's: a carousel's is on its children, which the emulator does not serve as nodes.
      alt_text: () => (item.media.length === 1 ? item.media[0]?.altText : undefined),
      // A reel appears in the feed too unless it was published with share_to_feed=false.
      is_shared_to_feed: () => (productType(item) === 'REELS' ? (item.instagram?.shareToFeed ?? true) : undefined),
      permalink: () => item.permalink,
      shortcode: () => /\/p\/([^/]+)\//.exec(item.permalink)?.[1],
      timestamp: () => timestamp,
      username: () => username,
      comments_count: () => count('comments_count', 4),
      like_count: () => count('like_count', 30),
    },
    'IGMedia',
    (error) => error.forInstagram(),
  );
}

/** A comment's replies as `replies{…}` expands them: the first 25, oldest first, with a cursor to the rest. */
function nestedReplies(state: EmulatorState, comment: PublishedItem, username: string, fields: FieldTree | null) {
  const replies = commentsUnder(state, comment, undefined);
  return nestedPage(
    replies.map((reply) =>
      instagramMediaNode(reply, username, fields ?? parseFields(undefined, ['id']), state, comment.postId),
    ),
    `${comment.postId}/replies`,
    commentOrder(replies, undefined),
  );
}
