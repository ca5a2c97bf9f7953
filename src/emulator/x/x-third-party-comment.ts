import { ControlExtras } from '../registry/emulated-network';
import { snowflakeId } from '../state/emulator-ids';
import { X_PAGES_PREFIX, xStatusPath } from './x-pages';

/** Someone else's reply in a tweet's conversation: a tweet of their own, replying to it, at their status page. */
export const xThirdPartyComment: NonNullable<ControlExtras['thirdPartyComment']> = (comment, { pages }) => {
  const id = snowflakeId();
  return {
    network: 'x',
    accountId: comment.author.id,
    postId: id,
    text: comment.text,
    media: [],
    replyToId: comment.parent.postId,
    author: comment.author,
    permalink: pages.url(X_PAGES_PREFIX, xStatusPath(comment.author.username, id)),
    publishedAt: comment.publishedAt,
  };
};
