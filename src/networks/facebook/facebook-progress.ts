import { progressStrings as stringList } from '../graph/graph-publishing';
import { isRecord, stringField } from '../http/json-fields';
import { PublishProgress } from '../network-adapter';

/** How far a Facebook delivery got; stored on the delivery as plain JSON between attempts. */
export interface FacebookProgress {
  /** Unpublished photos already uploaded for a multi-photo post, in media order. */
  photoIds: string[];
  /**
   * The Page video (`/{page-id}/videos`), from the start of its upload session: recorded before any
   * byte is sent, so that a resumed attempt can ask Facebook whether the upload was finished.
   */
  videoId?: string;
  /**
   * The upload session of `videoId`, recorded with it: a resumed attempt that cannot tell whether
   * its finish reached Facebook finishes this same session again, which cannot make a second video.
   */
  videoSessionId?: string;
  /**
   * When Facebook took the whole video (the upload was finished), after which it processes and
   * publishes it: polling its processing stops some time after. Absent while the upload of
   * `videoId` may not have been finished.
   */
  videoUploadedAt?: string;
  /**
   * A reel's or a video story's video (`/video_reels` or `/video_stories` upload_phase=START), recorded
   * before its file is sent: a resumed attempt asks Facebook about it (its status, the Page's stories)
   * rather than starting another. A photo story's staged photo is `photoIds[0]`.
   */
  placementVideoId?: string;
  /**
   * When a link post without text was sent to `/feed` (recorded just before the call): a resumed
   * attempt has no message to find it by, so it adopts the Page's first post without a message made
   * since then (LINK_POST_CLOCK_SLACK_MS before it, for the two clocks).
   */
  linkPostSentAt?: string;
  /** The Page post (for a video or a reel, the video's id; for a story, its post_id) once it exists. */
  postId?: string;
  /** The comments already made for the thread parts, in order. */
  commentIds: string[];
}

export function readFacebookProgress(progress: PublishProgress): FacebookProgress {
  const source = isRecord(progress) ? progress : {};
  const postId = stringField(source, 'postId');
  const videoId = stringField(source, 'videoId');
  const videoSessionId = stringField(source, 'videoSessionId');
  const videoUploadedAt = stringField(source, 'videoUploadedAt');
  const placementVideoId = stringField(source, 'placementVideoId');
  const linkPostSentAt = stringField(source, 'linkPostSentAt');
  return {
    photoIds: stringList(source, 'photoIds'),
    commentIds: stringList(source, 'commentIds'),
    ...(videoId ? { videoId } : {}),
    ...(videoSessionId ? { videoSessionId } : {}),
    ...(videoUploadedAt ? { videoUploadedAt } : {}),
    ...(placementVideoId ? { placementVideoId } : {}),
    ...(linkPostSentAt ? { linkPostSentAt } : {}),
    ...(postId ? { postId } : {}),
  };
}

export function facebookProgressJson(progress: FacebookProgress): PublishProgress {
  return { ...progress, photoIds: [...progress.photoIds], commentIds: [...progress.commentIds] };
}
