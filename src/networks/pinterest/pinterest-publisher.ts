import { arrayField, isRecord, JsonRecord, stringField } from '../http/json-fields';
import { PublishOutcome, PublishRequest } from '../network-adapter';
import { NetworkError } from '../network-error';
import { PinterestApi } from './pinterest-api';
import {
  imageSource,
  pinIdOf,
  pinterestMediaStatus,
  registerPinterestVideo,
  uploadPinterestVideo,
} from './pinterest-media';
import { readPinterestOptions } from './pinterest-post-options';
import { PinterestProgress, pinterestProgressJson, readPinterestProgress } from './pinterest-progress';

/** A video still processing this long after it was first read so is given up (permanent). */
export const PINTEREST_PROCESSING_LIMIT_MS = 30 * 60_000;
/** How far before the creation was sent a pin found on the board may say it was made (the two clocks differ). */
const CLOCK_SKEW_MS = 5 * 60_000;

export interface PinterestPublishContext {
  pollMs: number;
  /** pinterest.com, or the emulator's pages: a pin's page is `{webUrl}/pin/{id}/`. */
  webUrl: string;
  now: () => Date;
}

/** The body of `POST /pins` from the post and its options (the text is the description). */
function pinBody(request: PublishRequest, source: Record<string, unknown>): JsonRecord {
  const options = readPinterestOptions(request.options);
  const [part] = request.parts;
  const altText = options.altText ?? part!.media.find((medium) => medium.altText)?.altText;
  return {
    board_id: options.boardId,
    ...(options.boardSectionId ? { board_section_id: options.boardSectionId } : {}),
    ...(options.title ? { title: options.title } : {}),
    ...(part!.text ? { description: part!.text } : {}),
    ...(options.link ? { link: options.link } : {}),
    ...(altText ? { alt_text: altText } : {}),
    ...(options.dominantColor ? { dominant_color: options.dominantColor } : {}),
    media_source: source,
  };
}

/**
 * A video pin's medium, step by step, each step checkpointed: registered (`POST /media`), its file
 * sent to the upload URL as the form asks, then read until `succeeded` (a `poll` outcome meanwhile,
 * given up after 30 minutes); `failed` is permanent (Pinterest's Media object carries no reason).
 * The medium's id, once it succeeded.
 */
async function readyVideo(
  api: PinterestApi,
  request: PublishRequest,
  progress: PinterestProgress,
  context: PinterestPublishContext,
): Promise<{ mediaId: string } | { poll: PublishOutcome }> {
  const [medium] = request.parts[0]!.media;
  if (!progress.mediaId) {
    const registered = await registerPinterestVideo(api);
    progress.mediaId = registered.mediaId;
    await request.checkpoint(pinterestProgressJson(progress));
    await uploadPinterestVideo(api, registered, medium!);
    progress.uploaded = true;
    await request.checkpoint(pinterestProgressJson(progress));
  }
  const status = await pinterestMediaStatus(api, progress.mediaId);
  if (!progress.uploaded && status === 'registered') {
    // Registered, its upload form since lost (a crash, a refused answer): start over with a new medium.
    delete progress.mediaId;
    await request.checkpoint(pinterestProgressJson(progress));
    return readyVideo(api, request, progress, context);
  }
  if (status === 'failed') {
    const failedId = progress.mediaId;
    // A medium Pinterest failed to process can never be pinned: forgotten, so that a retry of the
    // failed delivery (once its video is fixed) registers and uploads a new one.
    delete progress.mediaId;
    delete progress.uploaded;
    delete progress.processingSince;
    await request.checkpoint(pinterestProgressJson(progress));
    throw new NetworkError(
      api.network,
      'permanent',
      `Pinterest could not process the video (medium ${failedId}: status failed; Pinterest gives no reason)`,
      { code: 'video_processing_failed' },
    );
  }
  if (status === 'succeeded') return { mediaId: progress.mediaId };
  const now = context.now();
  progress.uploaded = true;
  progress.processingSince ??= now.toISOString();
  if (now.getTime() - Date.parse(progress.processingSince) > PINTEREST_PROCESSING_LIMIT_MS)
    throw new NetworkError(
      api.network,
      'permanent',
      `Pinterest was still processing the video after ${PINTEREST_PROCESSING_LIMIT_MS / 60_000} minutes (medium ${progress.mediaId}: ${status})`,
      { code: 'video_processing_timeout' },
    );
  return {
    poll: { kind: 'poll', at: new Date(now.getTime() + context.pollMs), progress: pinterestProgressJson(progress) },
  };
}

/**
 * A pin made by an earlier attempt whose answer was lost: the newest pins of its board
 * (`GET /boards/{board_id}/pins`), one made since the creation was sent with the same description,
 * title and link. Pinterest refuses no duplicate, so this look is what keeps a pin from going out twice.
 */
async function findSentPin(api: PinterestApi, body: JsonRecord, sentAt: string): Promise<string | undefined> {
  const page = await api.read(`/boards/${encodeURIComponent(String(body.board_id))}/pins`, { page_size: '25' });
  const since = Date.parse(sentAt) - CLOCK_SKEW_MS;
  const same = (pin: JsonRecord, field: string) =>
    (stringField(pin, field) ?? undefined) === (body[field] ?? undefined);
  const found = (arrayField(page, 'items') ?? [])
    .filter(isRecord)
    .find(
      (pin) =>
        Date.parse(stringField(pin, 'created_at') ?? '') >= since &&
        same(pin, 'description') &&
        same(pin, 'title') &&
        same(pin, 'link') &&
        same(pin, 'board_section_id'),
    );
  return found ? stringField(found, 'id') : undefined;
}

/**
 * Publishes a pin: an image (or a carousel of 2 to 5) from the service's bytes or a URL, or a
 * video registered, uploaded and processed first, with its first frame as the cover
 * (`cover_image_key_frame_time` 0). A creation sent before (its answer lost) is looked for on the
 * board first, on any later attempt.
 */
export async function publishOnPinterest(
  api: PinterestApi,
  request: PublishRequest,
  context: PinterestPublishContext,
): Promise<PublishOutcome> {
  const progress = readPinterestProgress(request.progress);
  const published = (pinId: string): PublishOutcome => ({
    kind: 'published',
    platformPostId: pinId,
    permalink: `${context.webUrl}/pin/${pinId}/`,
    progress: pinterestProgressJson({ ...progress, pinId }),
  });
  if (progress.pinId) return published(progress.pinId);
  const media = request.parts[0]!.media;
  let source: Record<string, unknown>;
  if (media[0]?.kind === 'video') {
    const video = await readyVideo(api, request, progress, context);
    if ('poll' in video) return video.poll;
    source = { source_type: 'video_id', media_id: video.mediaId, cover_image_key_frame_time: 0 };
  } else source = await imageSource(api, media);
  const body = pinBody(request, source);
  if (progress.creatingAt) {
    const found = await findSentPin(api, body, progress.creatingAt);
    if (found) return published(found);
  }
  progress.creatingAt = context.now().toISOString();
  await request.checkpoint(pinterestProgressJson(progress));
  const pinId = pinIdOf(await api.create('/pins', body));
  if (!pinId) throw api.unexpected('no id in the answer to POST /pins');
  return published(pinId);
}
