import { accountMetric, countMetricsRead, postMetric } from '../metrics/emulated-metrics';
import { EmulatorState } from '../state/emulator-state';
import { PublishedItem } from '../state/published-log';
import { recordCid } from './bluesky-cid';
import { findBlueskyProfile } from './bluesky-test-user';

/**
 * The appview's views (app.bsky.feed.defs#postView, app.bsky.actor.defs#profileView*), made from
 * the published log: the account's posts and others' replies added through the control API.
 * Metrics are keyed for `PUT /control/metrics` by what its ids allow: a post by its rkey, an
 * account by its DID without `did:plc:`; names like_count, repost_count, quote_count,
 * followers_count, follows_count.
 */

export const metricsIdOfPost = (uri: string) => uri.slice(uri.lastIndexOf('/') + 1);
export const metricsIdOfAccount = (did: string) => did.replace(/^did:[a-z]+:/, '');

/** A post's record: as written, or (someone else's reply) made from the log. */
export function recordOf(item: PublishedItem): { cid: string; value: Record<string, unknown> } {
  if (item.blueskyRecord) return item.blueskyRecord;
  const value = { $type: 'app.bsky.feed.post', text: item.text, createdAt: item.publishedAt };
  return { cid: recordCid(value), value };
}

export function authorOf(state: EmulatorState, item: PublishedItem) {
  const profile = findBlueskyProfile(state, item.accountId)?.profile;
  if (profile)
    return { did: profile.did, handle: profile.handle, displayName: profile.displayName, avatar: profile.avatar };
  return { did: item.accountId, handle: item.author?.username ?? 'handle.invalid' };
}

/** The live replies directly under a post, oldest first. */
export function repliesTo(state: EmulatorState, uri: string): PublishedItem[] {
  return state.published.list({ network: 'bluesky' }).filter((item) => item.replyToId === uri && !item.deletedAt);
}

export function postView(state: EmulatorState, item: PublishedItem) {
  const { cid, value } = recordOf(item);
  const id = metricsIdOfPost(item.postId);
  countMetricsRead(state, 'bluesky', id);
  const metric = (name: string, scale: number) => postMetric(state, 'bluesky', id, name, scale, item.publishedAt) ?? 0;
  return {
    uri: item.postId,
    cid,
    author: authorOf(state, item),
    record: value,
    replyCount: repliesTo(state, item.postId).length,
    repostCount: metric('repost_count', 5),
    likeCount: metric('like_count', 40),
    quoteCount: metric('quote_count', 2),
    indexedAt: item.publishedAt,
    labels: [],
  };
}

/** app.bsky.actor.defs#profileViewDetailed of a test user's account. */
export function profileView(state: EmulatorState, did: string) {
  const profile = findBlueskyProfile(state, did)?.profile;
  if (!profile) return undefined;
  const id = metricsIdOfAccount(did);
  countMetricsRead(state, 'bluesky', id);
  const metric = (name: string, scale: number) => accountMetric(state, 'bluesky', id, name, scale) ?? 0;
  return {
    did: profile.did,
    handle: profile.handle,
    displayName: profile.displayName,
    avatar: profile.avatar,
    followersCount: metric('followers_count', 500),
    followsCount: metric('follows_count', 200),
    postsCount: state.published
      .list({ network: 'bluesky', accountId: did })
      .filter((item) => !item.deletedAt && !item.author).length,
    labels: [],
  };
}
