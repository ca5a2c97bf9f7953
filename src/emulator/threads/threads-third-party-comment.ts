import { ControlExtras } from '../registry/emulated-network';
import { graphId } from '../state/emulator-ids';
import { threadsPermalink, threadsShortcode } from './threads-pages';

/** Someone else's reply under a Threads post or reply: a post of their own, replying to it, at its permalink. */
export const threadsThirdPartyComment: NonNullable<ControlExtras['thirdPartyComment']> = (comment, { pages }) => {
  const id = graphId();
  const shortcode = threadsShortcode();
  return {
    network: 'threads',
    accountId: comment.author.id,
    postId: id,
    text: comment.text,
    media: [],
    replyToId: comment.parent.postId,
    author: comment.author,
    threads: { mediaType: 'TEXT_POST', shortcode },
    permalink: threadsPermalink(pages, comment.author.username, shortcode),
    publishedAt: comment.publishedAt,
  };
};
