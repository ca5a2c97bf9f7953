import { ControlExtras } from '../registry/emulated-network';
import { videoOf, youTubeCommentId } from './youtube-comments.routes';
import { youTubePermalink } from './youtube-pages';

/**
 * Someone else's comment under a video (a top-level comment) or under a top-level comment (an
 * answer, whose id extends its thread's); a channel id is `UC` and 22 characters.
 */
export const youTubeThirdPartyComment: NonNullable<ControlExtras['thirdPartyComment']> = (
  comment,
  { state, pages },
) => {
  const video = videoOf(state, comment.parent);
  const topLevel = comment.parent.parentId
    ? comment.parent.parentId === video.postId
      ? comment.parent.postId
      : comment.parent.parentId
    : undefined;
  return {
    network: 'youtube',
    accountId: `UC${comment.author.id.padStart(22, '0').slice(-22)}`,
    postId: youTubeCommentId(topLevel),
    text: comment.text,
    media: [],
    parentId: topLevel ?? video.postId,
    author: comment.author,
    permalink: youTubePermalink(pages, video.postId),
    publishedAt: comment.publishedAt,
  };
};
