import { progressStrings as stringList } from '../graph/graph-publishing';
import { isRecord, stringField } from '../http/json-fields';
import { PublishProgress } from '../network-adapter';

/** How far a Facebook delivery got; stored on the delivery as plain JSON between attempts. */
export interface FacebookProgress {
  /** Unpublished photos already uploaded for a multi-photo post, in media order. */
  photoIds: string[];
  /** A video uploaded to the Page (`/{page-id}/videos`), which Facebook then processes. */
  videoId?: string;
  /** When the video was uploaded: polling its processing stops some time after. */
  videoUploadedAt?: string;
  /** The Page post (for a video, the video's id) once it exists. */
  postId?: string;
  /** The comments already made for the thread parts, in order. */
  commentIds: string[];
}

export function readFacebookProgress(progress: PublishProgress): FacebookProgress {
  const source = isRecord(progress) ? progress : {};
  const postId = stringField(source, 'postId');
  const videoId = stringField(source, 'videoId');
  const videoUploadedAt = stringField(source, 'videoUploadedAt');
  return {
    photoIds: stringList(source, 'photoIds'),
    commentIds: stringList(source, 'commentIds'),
    ...(videoId ? { videoId } : {}),
    ...(videoUploadedAt ? { videoUploadedAt } : {}),
    ...(postId ? { postId } : {}),
  };
}

export function facebookProgressJson(progress: FacebookProgress): PublishProgress {
  return { ...progress, photoIds: [...progress.photoIds], commentIds: [...progress.commentIds] };
}
