import { ControlExtras } from '../registry/emulated-network';
import { linkedInPermalink } from './linkedin-pages';
import { linkedInCommentUrn } from './linkedin-social.routes';

/** Someone else's comment under a LinkedIn post (or an answer under a comment): its URN names the post's activity. */
export const linkedInThirdPartyComment: NonNullable<ControlExtras['thirdPartyComment']> = (
  comment,
  { state, pages },
) => {
  let root = comment.parent;
  while (root.parentId) root = state.published.find('linkedin', root.parentId) ?? { ...root, parentId: undefined };
  return {
    network: 'linkedin',
    // The control API's author id is digits: on LinkedIn a member is named by its URN.
    accountId: `urn:li:person:${comment.author.id}`,
    postId: linkedInCommentUrn(root.postId),
    text: comment.text,
    media: [],
    parentId: comment.parent.postId,
    author: comment.author,
    permalink: linkedInPermalink(pages, root.postId),
    publishedAt: comment.publishedAt,
  };
};
