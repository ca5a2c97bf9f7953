import { worldClientId } from '../apps/test-world-mark';
import { arrayField, isRecord, recordField, stringField } from '../http/json-fields';
import { PostPart, PublishOutcome, PublishRequest } from '../network-adapter';
import { NetworkError } from '../network-error';
import { safeNetworkMessage } from '../safe-network-message';
import { YouTubeApi } from './youtube-api';
import { readYouTubeOptions, YouTubePostOptions } from './youtube-post-options';
import { readYouTubeProgress, YouTubeProgress, youTubeProgressJson } from './youtube-progress';
import { setYouTubeThumbnail } from './youtube-thumbnail';
import { openYouTubeVideo, sendVideoBytes, sessionState } from './youtube-upload';

/** An upload still processing this long after it was first read so is given up: a failure of YouTube's, not a wait. */
export const YOUTUBE_PROCESSING_LIMIT_MS = 24 * 3600_000;
/** The parts videos.insert sets and answers. */
const INSERT_PARTS = 'snippet,status';

/** A video's page: `{webUrl}/watch?v={id}`; a test world's carries its mark, as the emulator's own permalinks do. */
export function youTubePermalink(webUrl: string, videoId: string, emulatorWorld?: string): string {
  const url = new URL(`${webUrl}/watch`);
  url.searchParams.set('v', videoId);
  if (emulatorWorld !== undefined) url.searchParams.set('world', worldClientId(emulatorWorld));
  return url.toString();
}

/** The Video resource videos.insert sends: the title and description, the options, the audience declaration. */
export function videoBody(post: PostPart, options: YouTubePostOptions): Record<string, unknown> {
  return {
    snippet: {
      title: options.title,
      description: post.text,
      ...(options.tags?.length ? { tags: options.tags } : {}),
      ...(options.categoryId ? { categoryId: options.categoryId } : {}),
    },
    status: {
      privacyStatus: options.privacyStatus ?? 'public',
      selfDeclaredMadeForKids: options.madeForKids,
      ...(options.containsSyntheticMedia !== undefined
        ? { containsSyntheticMedia: options.containsSyntheticMedia }
        : {}),
    },
  };
}

/**
 * Uploads a delivery's video by YouTube's resumable protocol: the metadata first (the session URI
 * kept before a byte is sent), then the bytes in parts. Any later attempt (a transient failure, a
 * lost answer, a crash) asks the session what arrived and goes on from there, or adopts the video
 * if the upload completed: the video is never uploaded twice. Then the thumbnail (thumbnails.set),
 * then the processing read (`videos.list?part=status`, by returning `poll`, never by waiting) until
 * `processed`; `failed` or `rejected` is permanent, with YouTube's reason.
 */
export async function publishOnYouTube(
  api: YouTubeApi,
  request: PublishRequest,
  settings: { pollMs: number; webUrl: string; partBytes: number },
): Promise<PublishOutcome> {
  const progress = readYouTubeProgress(request.progress);
  const options = readYouTubeOptions(request.options);
  const save = () => request.checkpoint(youTubeProgressJson(progress));
  const [post] = request.parts as [PostPart];
  if (!progress.videoId) {
    const file = await openYouTubeVideo(api, post.media[0]!);
    try {
      let from = 0;
      if (progress.sessionUri) {
        const state = await sessionState(api, progress.sessionUri, file.size);
        if (state.kind === 'complete') progress.videoId = state.videoId;
        else if (state.kind === 'partial') from = state.received;
        else delete progress.sessionUri;
      }
      if (!progress.videoId) {
        if (!progress.sessionUri) {
          progress.sessionUri = await api.startUpload(
            INSERT_PARTS,
            videoBody(post, options),
            file.size,
            file.contentType,
          );
          await save();
        }
        progress.videoId = await sendVideoBytes(api, progress.sessionUri, file, from, settings.partBytes);
      }
    } finally {
      file.close();
    }
    await save();
  }
  if (options.thumbnail && !progress.thumbnail) {
    await setYouTubeThumbnail(api, progress, options.thumbnail.url);
    await save();
  }
  return processingOutcome(api, request, progress, settings);
}

async function processingOutcome(
  api: YouTubeApi,
  request: PublishRequest,
  progress: YouTubeProgress,
  settings: { pollMs: number; webUrl: string },
): Promise<PublishOutcome> {
  const videoId = progress.videoId!;
  const body = await api.call('GET', 'videos', { part: 'status', id: videoId });
  const [video] = (arrayField(body, 'items') ?? []).filter(isRecord);
  if (!video)
    throw new NetworkError(api.network, 'permanent', `YouTube no longer has the uploaded video ${videoId}`, {
      code: 'videoNotFound',
    });
  const status = recordField(video, 'status') ?? {};
  const upload = stringField(status, 'uploadStatus');
  if (upload === 'failed' || upload === 'rejected' || upload === 'deleted') {
    const reason = stringField(status, 'failureReason') ?? stringField(status, 'rejectionReason') ?? upload;
    throw new NetworkError(
      api.network,
      'permanent',
      `YouTube did not publish the video: ${safeNetworkMessage(reason)}`,
      {
        code: upload,
      },
    );
  }
  if (upload !== 'processed') {
    const now = Date.now();
    const since = Date.parse(progress.processingSince ?? '');
    if (Number.isFinite(since) && now - since >= YOUTUBE_PROCESSING_LIMIT_MS)
      throw new NetworkError(
        api.network,
        'permanent',
        `YouTube was still processing the video ${YOUTUBE_PROCESSING_LIMIT_MS / 3600_000} hours after it was uploaded`,
        { code: upload ?? 'uploaded' },
      );
    progress.processingSince ??= new Date(now).toISOString();
    return { kind: 'poll', at: new Date(now + settings.pollMs), progress: youTubeProgressJson(progress) };
  }
  return {
    kind: 'published',
    platformPostId: videoId,
    permalink: youTubePermalink(settings.webUrl, videoId, request.app.emulatorWorld),
    progress: youTubeProgressJson(progress),
  };
}
