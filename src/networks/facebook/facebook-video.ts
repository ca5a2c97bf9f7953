import { GraphApi } from '../graph/graph-api';
import { createdId, graphPost, graphRead, newestWithText, node } from '../graph/graph-publishing';
import { arrayField, isRecord, JsonRecord, recordField, stringField } from '../http/json-fields';
import { PostPart, PublishOutcome, PublishRequest } from '../network-adapter';
import { NetworkError } from '../network-error';
import { safeNetworkMessage } from '../safe-network-message';
import { FacebookProgress, facebookProgressJson } from './facebook-progress';

/** Polling a Page video stops this long after its upload: longer means Facebook is stuck on it. */
export const FACEBOOK_VIDEO_PROCESSING_LIMIT_MS = 30 * 60_000;
/** How many of the Page's latest videos are searched for one an interrupted attempt may have uploaded. */
const RECENT_VIDEOS_LOOKED_AT = '25';

export type VideoStep = { kind: 'ready'; videoId: string } | Extract<PublishOutcome, { kind: 'poll' }>;

export interface VideoCall {
  api: GraphApi;
  request: PublishRequest;
  post: PostPart;
  progress: FacebookProgress;
  save(next: FacebookProgress): Promise<void>;
  pollMs: number;
  now: Date;
}

export function facebookVideoPermalink(pageId: string, videoId: string): string {
  return `https://www.facebook.com/${pageId}/videos/${videoId}`;
}

/**
 * A Page video: uploaded by URL (`POST /{page-id}/videos` with `file_url`), checkpointed, then
 * processed by Facebook, which publishes it once its `status.video_status` is `ready`. Until then
 * the job is polled again later, never waited for in a worker.
 */
export async function publishFacebookVideo(call: VideoCall): Promise<VideoStep> {
  const { api, request, post } = call;
  const token = request.tokens.accessToken;
  let progress = call.progress;
  if (progress.videoId === undefined) {
    const existing = request.resuming ? await findRecentVideo(api, request, post.text) : undefined;
    const videoId =
      existing ??
      createdId(
        api,
        await graphPost(api, node(request.networkAccountId, 'videos'), token, { file_url: post.media[0].url, description: post.text || undefined }),
        'POST /{page-id}/videos',
      );
    progress = { ...progress, videoId, videoUploadedAt: call.now.toISOString() };
    // Checkpointed whatever follows: the polls to come carry it, and a resumed attempt must not upload again.
    await call.save(progress);
  }
  const videoId = progress.videoId!;
  const video = await graphRead(api, node(videoId), token, { fields: 'status' });
  const status = recordField(video, 'status');
  const videoStatus = status ? stringField(status, 'video_status') : undefined;
  switch (videoStatus) {
    case 'ready':
      return { kind: 'ready', videoId };
    case 'upload_complete':
    case 'processing':
      return pollLater(call, progress);
    case 'error':
      throw new NetworkError('facebook', 'permanent', `Facebook could not process the video: ${safeNetworkMessage(processingError(status) ?? 'error')}`, { code: 'error' });
    case 'expired':
      throw new NetworkError('facebook', 'permanent', 'The Facebook video expired before it was processed', { code: 'expired' });
    default:
      throw api.unexpected(`video status ${videoStatus ?? 'missing'}`);
  }
}

function pollLater(call: VideoCall, progress: FacebookProgress): VideoStep {
  const uploadedAt = Date.parse(progress.videoUploadedAt ?? '');
  if (Number.isFinite(uploadedAt) && call.now.getTime() - uploadedAt >= FACEBOOK_VIDEO_PROCESSING_LIMIT_MS) {
    throw new NetworkError('facebook', 'permanent', `Facebook was still processing the video ${FACEBOOK_VIDEO_PROCESSING_LIMIT_MS / 60_000} minutes after its upload`, {
      code: 'processing',
    });
  }
  return { kind: 'poll', at: new Date(call.now.getTime() + call.pollMs), progress: facebookProgressJson(progress) };
}

/** The first error message Facebook gives in `status.processing_phase.errors`, if any. */
function processingError(status: JsonRecord | undefined): string | undefined {
  const phase = status ? recordField(status, 'processing_phase') : undefined;
  const first = phase ? arrayField(phase, 'errors')?.find(isRecord) : undefined;
  return first ? stringField(first, 'message') : undefined;
}

/** The newest of the Page's recent videos with exactly this description (none for a video without one). */
function findRecentVideo(api: GraphApi, request: PublishRequest, text: string): Promise<string | undefined> {
  const query = { fields: 'id,description,updated_time', limit: RECENT_VIDEOS_LOOKED_AT };
  return newestWithText(api, node(request.networkAccountId, 'videos'), request.tokens.accessToken, query, 'description', text);
}
