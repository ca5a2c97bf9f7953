import { GraphApi } from '../graph/graph-api';
import { createdId, graphPost, graphRead, node } from '../graph/graph-publishing';
import { isRecord, JsonRecord, numberField, recordField, stringField } from '../http/json-fields';
import { FacebookProgress } from './facebook-progress';

/**
 * The largest video uploaded. The worker holds the file while it sends it; this is also what
 * Facebook took by URL before (non-resumable uploads: 1 GB), so no video accepted then is refused now.
 */
export const FACEBOOK_MAX_VIDEO_BYTES = 1024 * 1024 * 1024;

export interface VideoUpload {
  api: GraphApi;
  accessToken: string;
  pageId: string;
  url: string;
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
  const file = await upload.api.download(upload.url, FACEBOOK_MAX_VIDEO_BYTES);
  const started = await videosCall(upload, { upload_phase: 'start', file_size: String(file.bytes.length) });
  const videoId = createdId(upload.api, started, 'upload_phase=start', 'video_id');
  const sessionId = createdId(upload.api, started, 'upload_phase=start', 'upload_session_id');
  // Recorded before any byte is sent: from here on, a resumed attempt asks Facebook about this video.
  const unfinished = { ...progress, videoId };
  await upload.save(unfinished);
  await transferChunks(upload, sessionId, file.bytes, started);
  const finished = await videosCall(upload, { upload_phase: 'finish', upload_session_id: sessionId, description: upload.description || undefined });
  if (finished['success'] !== true) throw upload.api.unexpected('upload_phase=finish did not answer success');
  const uploaded = { ...unfinished, videoUploadedAt: finishedAt };
  await upload.save(uploaded);
  return uploaded;
}

function videosCall(upload: VideoUpload, form: Record<string, string | undefined>): Promise<JsonRecord> {
  return graphPost(upload.api, node(upload.pageId, 'videos'), upload.accessToken, form);
}

/** Sends the chunks Facebook asks for (`start_offset` to `end_offset`) until it asks for none. */
async function transferChunks(upload: VideoUpload, sessionId: string, bytes: Buffer, started: JsonRecord): Promise<void> {
  const { api } = upload;
  let [start, end] = offsetsOf(upload, started);
  while (start < end) {
    const body = await api.send({
      method: 'POST',
      url: api.url(node(upload.pageId, 'videos')),
      multipart: {
        access_token: upload.accessToken,
        upload_phase: 'transfer',
        upload_session_id: sessionId,
        start_offset: String(start),
        video_file_chunk: { data: bytes.subarray(start, end), filename: 'chunk', contentType: 'application/octet-stream' },
      },
    });
    const next = offsetsOf(upload, isRecord(body) ? body : {});
    if (next[0] <= start) throw api.unexpected(`upload_phase=transfer did not move on from offset ${start}`);
    [start, end] = next;
  }
}

/** The next chunk Facebook asks for; it quotes the offsets as strings. */
function offsetsOf(upload: VideoUpload, answer: JsonRecord): [number, number] {
  const start = numberField(answer, 'start_offset');
  const end = numberField(answer, 'end_offset');
  if (start === undefined || end === undefined) throw upload.api.unexpected('no start_offset and end_offset in an upload answer');
  return [start, end];
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
