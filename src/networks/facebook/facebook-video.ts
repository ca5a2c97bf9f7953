import { GraphApi } from '../graph/graph-api';
import { graphRead, node } from '../graph/graph-publishing';
import { arrayField, isRecord, JsonRecord, recordField, stringField } from '../http/json-fields';
import { PostPart, PublishOutcome, PublishRequest } from '../network-adapter';
import { NetworkError } from '../network-error';
import { safeNetworkMessage } from '../safe-network-message';
import { FacebookProgress, facebookProgressJson } from './facebook-progress';
import { uploadFacebookVideo } from './facebook-video-upload';

/** Polling a Page video stops this long after its upload: longer means Facebook is stuck on it. */
export const FACEBOOK_VIDEO_PROCESSING_LIMIT_MS = 30 * 60_000;

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

/**
 * A Page video: uploaded in a resumable session (see uploadFacebookVideo), then processed by
 * Facebook, which publishes it once its `status.video_status` is `ready`. Until then the job is
 * polled again later, never waited for in a worker.
 */
export async function publishFacebookVideo(call: VideoCall): Promise<VideoStep> {
  const { api, request, post } = call;
  const token = request.tokens.accessToken;
  // Until the upload is known to be finished, it is (re)done or found finished by the video's id.
  const progress =
    call.progress.videoUploadedAt === undefined
      ? await uploadFacebookVideo(
          {
            api,
            accessToken: token,
            pageId: request.networkAccountId,
            url: post.media[0].url,
            openStored: post.media[0].openStored,
            description: post.text,
            now: call.now,
            save: call.save,
          },
          call.progress,
        )
      : call.progress;
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
      throw new NetworkError(
        'facebook',
        'permanent',
        `Facebook could not process the video: ${safeNetworkMessage(processingError(status) ?? 'error')}`,
        { code: 'error' },
      );
    case 'expired':
      throw new NetworkError('facebook', 'permanent', 'The Facebook video expired before it was processed', {
        code: 'expired',
      });
    default:
      throw api.unexpected(`video status ${videoStatus ?? 'missing'}`);
  }
}

function pollLater(call: VideoCall, progress: FacebookProgress): VideoStep {
  const uploadedAt = Date.parse(progress.videoUploadedAt ?? '');
  if (Number.isFinite(uploadedAt) && call.now.getTime() - uploadedAt >= FACEBOOK_VIDEO_PROCESSING_LIMIT_MS) {
    throw new NetworkError(
      'facebook',
      'permanent',
      `Facebook was still processing the video ${FACEBOOK_VIDEO_PROCESSING_LIMIT_MS / 60_000} minutes after its upload`,
      {
        code: 'processing',
      },
    );
  }
  return { kind: 'poll', at: new Date(call.now.getTime() + call.pollMs), progress: facebookProgressJson(progress) };
}

/** The first error message Facebook gives in `status.processing_phase.errors`, if any. */
function processingError(status: JsonRecord | undefined): string | undefined {
  const phase = status ? recordField(status, 'processing_phase') : undefined;
  const first = phase ? arrayField(phase, 'errors')?.find(isRecord) : undefined;
  return first ? stringField(first, 'message') : undefined;
}
