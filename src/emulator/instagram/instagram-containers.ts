import type { MediaProbeResult } from '../../common/media-url-probe';
import { GraphError } from '../graph/graph-error';
import { graphErrors } from '../graph/graph-errors';
import { isHttpUrl } from '../http/http-url';
import { Params } from '../http/request-params';
import { EmulatorState } from '../state/emulator-state';
import { graphId } from '../state/emulator-ids';
import { INSTAGRAM_CONTAINERS, InstagramContainer } from './instagram-stored-objects';
import { initialStatus } from './container-lifecycle';

const CAPTION_LIMIT = 2200;
const HASHTAG_LIMIT = 30;

const containerError = (code: number, subcode: number, message: string) =>
  new GraphError({ code, subcode, message }, true);

function requireMediaUrl(value: string | undefined, name: string): string {
  if (!isHttpUrl(value))
    throw containerError(
      9004,
      2207052,
      `Media download has failed. The media URI doesn't meet our requirements. (${name})`,
    );
  return value;
}

function checkCaption(caption: string): void {
  if (caption.length > CAPTION_LIMIT)
    throw containerError(100, 2207010, `The caption is too long: at most ${CAPTION_LIMIT} characters.`);
  if ((caption.match(/#[\p{L}\p{N}_]+/gu) ?? []).length > HASHTAG_LIMIT)
    throw containerError(100, 2207010, `The caption has more than ${HASHTAG_LIMIT} hashtags.`);
}

function carouselChildren(state: EmulatorState, igUserId: string, text: string | undefined): string[] {
  const ids = (text ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  if (ids.length < 2 || ids.length > 10)
    throw containerError(100, 2207028, 'Carousel containers must have between 2 and 10 children.');
  for (const id of ids) {
    const child = state.objects.of(INSTAGRAM_CONTAINERS).get(id);
    if (!child || child.igUserId !== igUserId || !child.isCarouselItem || child.status === 'PUBLISHED')
      throw containerError(100, 2207006, `The media with id ${id} cannot be used as a carousel item.`);
  }
  return ids;
}

/** What fetching a media URL gave: the emulator fetched it before the world was loaded (media-fetch.ts). */
export type FetchedMedia = (url: string) => MediaProbeResult;

const NOTHING_FETCHED: FetchedMedia = () => ({ ok: true });

/**
 * Validates `POST /{ig-user-id}/media` and builds the container: an image, a Reel, a carousel
 * item (image or video), or a carousel of 2–10 items. An image Instagram could not download is
 * refused at once (9004 / 2207052); a video is downloaded while the container is processed, so its
 * container is made and ends in ERROR (see container-lifecycle.ts).
 */
export function buildContainer(
  state: EmulatorState,
  igUserId: string,
  params: Params,
  fetched: FetchedMedia = NOTHING_FETCHED,
): InstagramContainer {
  const mediaTypeParam = params.media_type?.toUpperCase();
  const isCarouselItem = params.is_carousel_item === 'true';
  const caption = isCarouselItem ? '' : (params.caption ?? '');
  checkCaption(caption);
  let mediaType: InstagramContainer['mediaType'];
  let mediaUrl: string | undefined;
  let children: string[] = [];
  if (mediaTypeParam === 'CAROUSEL') {
    if (isCarouselItem) throw graphErrors.invalidParameter('A carousel cannot be a carousel item').forInstagram();
    mediaType = 'CAROUSEL';
    children = carouselChildren(state, igUserId, params.children);
  } else if (mediaTypeParam === 'REELS' || (mediaTypeParam === 'VIDEO' && isCarouselItem)) {
    mediaType = mediaTypeParam;
    mediaUrl = requireMediaUrl(params.video_url, 'video_url');
  } else if (mediaTypeParam === undefined || mediaTypeParam === 'IMAGE') {
    if (params.video_url !== undefined)
      throw containerError(100, 2207023, 'Every single video is published as a Reel: set media_type=REELS.');
    mediaType = 'IMAGE';
    mediaUrl = requireMediaUrl(params.image_url, 'image_url');
  } else {
    throw containerError(100, 2207023, `The media type ${mediaTypeParam} is unknown or not supported here.`);
  }
  const download = mediaUrl === undefined ? undefined : fetched(mediaUrl);
  if (download && !download.ok && mediaType === 'IMAGE') throw graphErrors.mediaDownloadFailed(download.reason);
  const container: InstagramContainer = {
    id: graphId(),
    igUserId,
    mediaType,
    isCarouselItem,
    mediaUrl,
    caption,
    children,
    ...initialStatus(mediaType),
    polls: 0,
    createdAt: state.now(),
    ...(download && !download.ok ? { downloadFailure: download.reason } : {}),
  };
  if (mediaType === 'CAROUSEL') {
    const statuses = children.map((id) => state.objects.of(INSTAGRAM_CONTAINERS).get(id)?.status);
    if (statuses.every((status) => status === 'FINISHED'))
      Object.assign(container, { status: 'FINISHED', statusText: 'Finished' });
  }
  return container;
}

/** Fails a container as Instagram does when processing the media fails (the container_error fault). */
export function failContainer(container: InstagramContainer): void {
  container.status = 'ERROR';
  container.statusText = 'Error: Media upload has failed with error code 2207026';
}
