import { ControlExtras } from '../registry/emulated-network';
import { recordCid } from './bluesky-cid';
import { BLUESKY_PAGES_PREFIX, blueskyPostPath } from './bluesky-published';
import { nextTid } from './bluesky-records';
import { recordOf } from './bluesky-post-view';

/**
 * Someone else's reply to a post: a post of their own in their repository, whose reply refs name
 * the thread's root and the post it answers, as Bluesky's replies are.
 */
export const blueskyThirdPartyComment: NonNullable<ControlExtras['thirdPartyComment']> = (comment, { pages }) => {
  const did = comment.author.id.startsWith('did:') ? comment.author.id : `did:plc:${comment.author.id.toLowerCase()}`;
  const handle = comment.author.username.includes('.')
    ? comment.author.username.toLowerCase()
    : `${comment.author.username.toLowerCase().replace(/_/g, '-')}.bsky.social`;
  const rkey = nextTid(Date.parse(comment.publishedAt) || Date.now());
  const parentRecord = recordOf(comment.parent);
  const parentRef = { uri: comment.parent.postId, cid: parentRecord.cid };
  const parentReply = parentRecord.value.reply as { root?: { uri: string; cid: string } } | undefined;
  const value = {
    $type: 'app.bsky.feed.post',
    text: comment.text,
    reply: { root: parentReply?.root ?? parentRef, parent: parentRef },
    createdAt: comment.publishedAt,
  };
  return {
    network: 'bluesky',
    accountId: did,
    postId: `at://${did}/app.bsky.feed.post/${rkey}`,
    text: comment.text,
    media: [],
    replyToId: comment.parent.postId,
    author: { id: did, username: handle },
    permalink: pages.url(BLUESKY_PAGES_PREFIX, blueskyPostPath(handle, rkey)),
    publishedAt: comment.publishedAt,
    blueskyRecord: { cid: recordCid(value), value },
  };
};
