import { GraphApi } from '../graph/graph-api';
import { createdId, graphPost, graphRead, node } from '../graph/graph-publishing';
import { JsonRecord, recordField, stringField } from '../http/json-fields';
import { FacebookProgress } from './facebook-progress';
import { transferVideoChunks } from './facebook-video-transfer';
import { MediaBytes } from '../network-adapter';
import { NetworkError } from '../network-error';
import { withNetworkOperation } from '../../observability';

/** An uploaded video's bytes from storage, refused as a download past the limit would be. */
function storedVideo(api: GraphApi, open: () => MediaBytes): MediaBytes {
  const medium = open();
  if (medium.size > FACEBOOK_MAX_VIDEO_BYTES) {
    medium.close();
    throw new NetworkError(api.network, 'permanent', `The medium is larger than ${FACEBOOK_MAX_VIDEO_BYTES} bytes`, {
      code: 'media_too_large',
    });
  }
  return medium;
}

/**
 * The largest video uploaded: what Facebook's resumable upload takes ("videos that are up to 10GB
 * and 4 hours long", developers.facebook.com/docs/graph-api/video-uploads). The worker never holds
 * it whole: it streams it from its origin one transfer chunk at a time (see transferVideoChunks).
 */
export const FACEBOOK_MAX_VIDEO_BYTES = 10 * 1024 * 1024 * 1024;

export interface VideoUpload {
  api: GraphApi;
  accessToken: string;
  pageId: string;
  url: string;
  /** The bytes from the service's storage, for an uploaded medium (else `url` is downloaded). */
  openStored?: () => MediaBytes;
  description: string;
  now: Date;
  save(next: FacebookProgress): Promise<void>;
}

/**
 * Uploads a Page video in a resumable upload session (`POST /{page-id}/videos`, upload_phase
 * start, transfer, finish), and answers the progress with the video's id and the time it was
 * finished.
 *
 * The start gives the video's id and its session before any byte is sent and before anything can be
 * published: they are checkpointed then. Only the finish makes the video Facebook's to process and
 * publish, and a video has one session, so whatever an attempt cut off around the finish left, a
 * resumed attempt finishes that same session again rather than making another video (see
 * finishEarlierUpload). A session Facebook says still lacks bytes was never finished and never
 * will be published: a new one replaces it, which harms nothing.
 */
export function uploadFacebookVideo(upload: VideoUpload, progress: FacebookProgress): Promise<FacebookProgress> {
  // Its calls are counted as uploads, within the publish.
  return withNetworkOperation('upload', () => uploadVideo(upload, progress));
}

async function uploadVideo(upload: VideoUpload, progress: FacebookProgress): Promise<FacebookProgress> {
  const finishedAt = upload.now.toISOString();
  if (progress.videoId !== undefined && (await finishEarlierUpload(upload, progress, progress.videoId))) {
    const adopted = { ...progress, videoUploadedAt: finishedAt };
    await upload.save(adopted);
    return adopted;
  }
  // Opened before the session: the start phase announces the file's size, which the origin's
  // Content-Length gives; a medium that cannot be had costs no session.
  const medium = upload.openStored
    ? storedVideo(upload.api, upload.openStored)
    : await upload.api.openDownload(upload.url, FACEBOOK_MAX_VIDEO_BYTES);
  try {
    const started = await videosCall(upload, { upload_phase: 'start', file_size: String(medium.size) });
    const videoId = createdId(upload.api, started, 'upload_phase=start', 'video_id');
    const sessionId = createdId(upload.api, started, 'upload_phase=start', 'upload_session_id');
    // Recorded before any byte is sent: from here on, a resumed attempt asks Facebook about this video.
    const unfinished = { ...progress, videoId, videoSessionId: sessionId };
    await upload.save(unfinished);
    await transferVideoChunks(
      { api: upload.api, accessToken: upload.accessToken, pageId: upload.pageId, sessionId, medium },
      started,
    );
    await finishSession(upload, sessionId);
    const uploaded = { ...unfinished, videoUploadedAt: finishedAt };
    await upload.save(uploaded);
    return uploaded;
  } finally {
    // Read to its end by then, unless the attempt failed: its connection is let go either way.
    medium.close();
  }
}

function videosCall(upload: VideoUpload, form: Record<string, string | undefined>): Promise<JsonRecord> {
  return graphPost(upload.api, node(upload.pageId, 'videos'), upload.accessToken, form);
}

/** `upload_phase=finish` with the post's description: Facebook takes the video to process and publish. */
async function finishSession(upload: VideoUpload, sessionId: string): Promise<void> {
  const finished = await videosCall(upload, {
    upload_phase: 'finish',
    upload_session_id: sessionId,
    description: upload.description || undefined,
  });
  if (finished['success'] !== true) throw upload.api.unexpected('upload_phase=finish did not answer success');
}

/**
 * Whether the upload an earlier attempt started is finished now, so that its video is the one to
 * follow. Facebook may not have begun processing a video whose finish it took (its processing
 * phase still `not_started`), so processing says nothing about the finish. What does: a session
 * Facebook says is still uploading (`uploading_phase` not_started or in_progress) lacks bytes and
 * cannot have been finished. Any other session is finished again, the same session, so that no
 * second video can come of it; Facebook refusing that for good means it was finished already.
 * Progress recorded before sessions were kept has no session to finish: its video is followed.
 */
async function finishEarlierUpload(upload: VideoUpload, progress: FacebookProgress, videoId: string): Promise<boolean> {
  const video = await graphRead(upload.api, node(videoId), upload.accessToken, { fields: 'status' });
  const status = recordField(video, 'status');
  const uploading = status ? recordField(status, 'uploading_phase') : undefined;
  const phase = uploading ? stringField(uploading, 'status') : undefined;
  if (phase === 'not_started' || phase === 'in_progress') return false;
  if (progress.videoSessionId === undefined) return true;
  try {
    await finishSession(upload, progress.videoSessionId);
  } catch (error) {
    if (!(error instanceof NetworkError) || error.kind !== 'permanent') throw error;
  }
  return true;
}
