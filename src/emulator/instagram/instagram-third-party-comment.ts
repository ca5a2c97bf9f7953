import { ControlExtras } from '../registry/emulated-network';
import { graphId } from '../state/emulator-ids';

/** Someone else's comment under an Instagram medium or comment: a Graph id, and the medium's permalink (comments have none of their own). */
export const instagramThirdPartyComment: NonNullable<ControlExtras['thirdPartyComment']> = (comment) => ({
  network: 'instagram',
  accountId: comment.parent.accountId,
  postId: graphId(),
  text: comment.text,
  media: [],
  parentId: comment.parent.postId,
  author: comment.author,
  permalink: comment.parent.permalink,
  publishedAt: comment.publishedAt,
});
