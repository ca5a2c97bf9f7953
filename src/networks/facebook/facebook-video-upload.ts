import { GraphApi } from '../graph/graph-api';
import { createdId, graphPost, graphRead, node } from '../graph/graph-publishing';
import { JsonRecord, recordField, stringField } from '../http/json-fields';
import { FacebookProgress } from './facebook-progress';
import { transferVideoChunks } from './facebook-video-transfer';
import { MediaBytes } from '../network-adapter';
import { NetworkError } from '../network-error';

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
 * The largest video uploaded: what Facebook took by URL before (non-resumable uploads: 1 GB), so
 * no video accepted then is refused now. The worker never holds it whole: it streams it from its
 * origin one transfer chunk at a time (see transferVideoChunks).
 */
export const FACEBOOK_MAX_VIDEO_BYTES = 1024 * 1024 * 1024;

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
 * The start gives the video's id before any byte is sent and before anything can be published: it
 * is checkpointed then. Only the finish makes the video Facebook's to process and publish, so an
 * attempt cut off during the finish left a video a resumed attempt knows by its id, with or
 * without a description. A session never finished is never published: starting a new one
 * instead harms nothing.
 */
export async function uploadFacebookVideo(upload: VideoUpload, progress: FacebookProgress): Promise<FacebookProgress> {
  const finishedAt = upload.now.toISOString();
  if (progress.videoId !== undefined && (await uploadWasFinished(upload, progress.videoId))) {
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
    const unfinished = { ...progress, videoId };
    await upload.save(unfinished);
    await transferVideoChunks(
      { api: upload.api, accessToken: upload.accessToken, pageId: upload.pageId, sessionId, medium },
      started,
    );
    const finished = await videosCall(upload, {
      upload_phase: 'finish',
      upload_session_id: sessionId,
      description: upload.description || undefined,
    });
    if (finished['success'] !== true) throw upload.api.unexpected('upload_phase=finish did not answer success');
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

/**
 * Whether the upload of a recorded video was finished: its processing has begun. Only a status
 * saying in so many words that processing has not started counts as unfinished; anything else is
 * taken as finished, since uploading again could publish the video twice.
 */
async function uploadWasFinished(upload: VideoUpload, videoId: string): Promise<boolean> {
  const video = await graphRead(upload.api, node(videoId), upload.accessToken, { fields: 'status' });
  const status = recordField(video, 'status');
  const processing = status ? recordField(status, 'processing_phase') : undefined;
  return (processing ? stringField(processing, 'status') : undefined) !== 'not_started';
}
