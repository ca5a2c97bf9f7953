import { FastifyRequest } from 'fastify';
import { createHash, Hash } from 'node:crypto';
import { EmulatorState } from '../state/emulator-state';
import { GraphError } from '../graph/graph-error';
import { graphErrors } from '../graph/graph-errors';
import { isMultipartBody } from '../http/multipart';
import { Params } from '../http/request-params';
import { graphId } from '../state/emulator-ids';
import { FACEBOOK_VIDEOS, FacebookVideo } from './facebook-stored-objects';
import { TestFacebookPage } from './facebook-test-user';

const MB = 1024 * 1024;
/** The bytes Facebook asks for in one transfer; it names them in each answer (start_offset, end_offset). */
export const FACEBOOK_VIDEO_CHUNK_BYTES = 1 * MB;
/** The largest transfer request the emulator reads: one chunk and its multipart framing. */
export const FACEBOOK_VIDEO_BODY_LIMIT = FACEBOOK_VIDEO_CHUNK_BYTES + MB;
/** Resumable uploads take videos of up to 10 GB (developers.facebook.com/docs/graph-api/video-uploads). */
const MAX_FILE_BYTES = 10 * 1024 * MB;

/**
 * A transfer that is not the chunk Facebook asked for: Meta's 1363037, whose `error_data` names the
 * chunk to send (developers.facebook.com/documentation/video-api/reference/error-codes).
 */
function wrongChunk(video: FacebookVideo): GraphError {
  const asked = offsets(video);
  return new GraphError({
    code: 6001,
    subcode: 1363037,
    message: 'There was a problem uploading your video. Please try again.',
    userTitle: 'Error Uploading Video',
    userMessage: 'There was a problem uploading your video. Please try uploading it again.',
    data: { start_offset: Number(asked.start_offset), end_offset: Number(asked.end_offset) },
  });
}

type Offsets = { start_offset: string; end_offset: string };

/** The digest of each unfinished upload's bytes so far, chunk after chunk (the bytes themselves are not kept). */
const received = new WeakMap<FacebookVideo, Hash>();

function offsets(video: FacebookVideo): Offsets {
  return {
    start_offset: String(video.receivedBytes),
    end_offset: String(Math.min(video.receivedBytes + FACEBOOK_VIDEO_CHUNK_BYTES, video.fileSize)),
  };
}

function sessionVideo(state: EmulatorState, page: TestFacebookPage, sessionId: string | undefined): FacebookVideo {
  const video = [...state.objects.of(FACEBOOK_VIDEOS).values()].find(
    (candidate) => candidate.uploadSessionId !== undefined && candidate.uploadSessionId === sessionId,
  );
  if (!video || video.pageId !== page.id) throw graphErrors.invalidParameter('Invalid upload_session_id');
  if (video.status !== 'uploading') throw graphErrors.invalidParameter('The upload session was already finished');
  return video;
}

/**
 * `upload_phase=start`: a video id and an upload session before any byte is sent. Nothing is
 * published until the session is finished.
 */
export function startVideoUpload(
  state: EmulatorState,
  page: TestFacebookPage,
  params: Params,
): Offsets & { video_id: string; upload_session_id: string } {
  const fileSize = Number(params.file_size);
  if (!Number.isInteger(fileSize) || fileSize < 1 || fileSize > MAX_FILE_BYTES)
    throw graphErrors.invalidParameter('file_size must be a positive integer of at most 10 GB');
  const video: FacebookVideo = {
    id: graphId(),
    pageId: page.id,
    description: '',
    status: 'uploading',
    uploadSessionId: graphId(),
    fileSize,
    receivedBytes: 0,
    statusReads: 0,
    createdAt: state.now(),
  };
  state.objects.of(FACEBOOK_VIDEOS).set(video.id, video);
  received.set(video, createHash('sha256'));
  return { video_id: video.id, upload_session_id: video.uploadSessionId!, ...offsets(video) };
}

/**
 * `upload_phase=transfer`: the chunk at `start_offset` (`video_file_chunk`), which must be exactly
 * the one Facebook asked for, from its start to its end; any other is refused (1363037) with the
 * chunk to send instead, and nothing of it is kept.
 */
export function transferVideoChunk(
  state: EmulatorState,
  page: TestFacebookPage,
  params: Params,
  request: FastifyRequest,
): Offsets {
  const video = sessionVideo(state, page, params.upload_session_id);
  const body = request.body;
  const chunk = isMultipartBody(body) ? body.files.video_file_chunk?.data : undefined;
  if (!chunk || chunk.length === 0)
    throw graphErrors.invalidParameter('video_file_chunk is required: the bytes of the chunk, as a multipart file');
  const asked = offsets(video);
  if (params.start_offset !== asked.start_offset || chunk.length !== Number(asked.end_offset) - video.receivedBytes)
    throw wrongChunk(video);
  video.receivedBytes += chunk.length;
  received.get(video)?.update(chunk);
  return offsets(video);
}

/**
 * `upload_phase=finish` with the post's fields: the upload is complete, Facebook processes the
 * video and publishes it once processed.
 */
export function finishVideoUpload(
  state: EmulatorState,
  page: TestFacebookPage,
  params: Params,
): { video: FacebookVideo } {
  const video = sessionVideo(state, page, params.upload_session_id);
  if (video.receivedBytes !== video.fileSize)
    throw graphErrors.invalidParameter(
      `File size mismatch: received ${video.receivedBytes} of ${video.fileSize} bytes`,
    );
  video.description = params.description ?? '';
  video.sha256 = received.get(video)?.digest('hex');
  received.delete(video);
  video.status = 'processing';
  return { video };
}
