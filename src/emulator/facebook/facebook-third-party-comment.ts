import { ControlExtras } from '../registry/emulated-network';
import { graphId } from '../state/emulator-ids';
import { commentPermalink } from './facebook-pages';

/**
 * Someone else's comment under a Page post or comment: its id is `<post>_<comment>` as Graph's
 * comment ids are, its permalink the post's page with `comment_id`.
 */
export const facebookThirdPartyComment: NonNullable<ControlExtras['thirdPartyComment']> = (comment, { pages }) => {
  const { parent } = comment;
  const postId = parent.parentId ?? parent.postId;
  const id = `${postId.split('_')[1] ?? postId}_${graphId()}`;
  return {
    network: 'facebook',
    accountId: parent.accountId,
    postId: id,
    text: comment.text,
    media: [],
    parentId: parent.postId,
    author: comment.author,
    permalink: commentPermalink(pages, postId, id),
    publishedAt: comment.publishedAt,
  };
};
