import { FastifyRequest } from 'fastify';
import { FieldResolver, FieldTree, projectFields } from '../graph/graph-fields';
import { graphPage, GraphPage, PageOrder } from '../graph/graph-paging';
import { Params } from '../http/request-params';
import { EmulatorState } from '../state/emulator-state';
import { PublishedItem } from '../state/published-log';
import { threadsError } from './threads-access';
import { findThreadsProfile } from './threads-test-user';

/** Graph writes `2024-09-12T23:17:39+0000`. */
export function threadsTime(iso: string): string {
  return iso.replace(/\.\d{3}Z$/, '+0000').replace(/Z$/, '+0000');
}

function usernameOf(state: EmulatorState, item: PublishedItem): string {
  return item.author?.username ?? findThreadsProfile(state, item.accountId)?.profile.username ?? item.accountId;
}

/** The post a reply chain starts from. */
export function rootPost(state: EmulatorState, item: PublishedItem): PublishedItem {
  let current = item;
  for (let depth = 0; current.replyToId && depth < 1000; depth++) {
    const parent = state.published.find('threads', current.replyToId);
    if (!parent) break;
    current = parent;
  }
  return current;
}

/**
 * A Threads media object (a post or a reply) with the fields the collection's `fields_threads` and
 * `fields_replies` name; `viewer` is the profile reading it (`is_reply_owned_by_me`).
 */
export function threadsPostNode(
  state: EmulatorState,
  item: PublishedItem,
  fields: FieldTree,
  viewer: string,
): Record<string, unknown> {
  const options = item.threads;
  const poll = options?.poll;
  const root = rootPost(state, item);
  const resolvers: Record<string, FieldResolver> = {
    id: () => item.postId,
    media_product_type: () => 'THREADS',
    media_type: () => options?.mediaType ?? 'TEXT_POST',
    media_url: () => (item.media.length === 1 ? item.media[0]!.url : undefined),
    gif_url: () => undefined,
    permalink: () => item.permalink,
    owner: () => ({ id: item.accountId }),
    username: () => usernameOf(state, item),
    text: () => item.text || undefined,
    timestamp: () => threadsTime(item.publishedAt),
    shortcode: () => options?.shortcode,
    thumbnail_url: () => undefined,
    children: () => (item.media.length > 1 ? { data: item.media.map((medium) => ({ id: medium.id })) } : undefined),
    is_quote_post: () => options?.quotePostId !== undefined,
    quoted_post: () => (options?.quotePostId ? { id: options.quotePostId } : undefined),
    reposted_post: () => undefined,
    has_replies: () =>
      state.published.list({ network: 'threads' }).some((other) => other.replyToId === item.postId && !other.deletedAt),
    alt_text: () => (item.media.length === 1 ? item.media[0]!.altText : undefined),
    link_attachment_url: () => options?.linkAttachment,
    poll_attachment: () => (poll ? { ...poll, total_votes: 0 } : undefined),
    topic_tag: () => options?.topicTag,
    location_id: () => undefined,
    is_verified: () => false,
    profile_picture_url: () => findThreadsProfile(state, item.accountId)?.profile.pictureUrl,
    is_reply: () => item.replyToId !== undefined,
    is_reply_owned_by_me: () => item.accountId === viewer,
    root_post: () => (item.replyToId ? { id: root.postId } : undefined),
    replied_to: () => (item.replyToId ? { id: item.replyToId } : undefined),
    hide_status: () => 'NOT_HUSHED',
    reply_audience: () => options?.replyControl?.toUpperCase() ?? 'EVERYONE',
  };
  return projectFields(fields, resolvers, 'ThreadsMedia', threadsError);
}

/**
 * One page of a list as Threads pages it: `limit`, `before`/`after` cursors, and no `next` or
 * `previous` links ("you will have to use the before and after cursors", retrieve-and-discover-posts).
 */
export function threadsPage<T>(
  request: FastifyRequest,
  params: Params,
  items: readonly T[],
  order?: PageOrder,
): GraphPage<T> {
  const page = graphPage(request, params, items, 25, undefined, order);
  if (page.paging) page.paging = { cursors: page.paging.cursors };
  return page;
}
