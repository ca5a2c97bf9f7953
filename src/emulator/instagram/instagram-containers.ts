import type { MediaProbeResult } from '../../common/media-url-probe';
import { GraphError } from '../graph/graph-error';
import { graphErrors } from '../graph/graph-errors';
import { isHttpUrl } from '../http/http-url';
import { Params } from '../http/request-params';
import { EmulatorState } from '../state/emulator-state';
import { graphId } from '../state/emulator-ids';
import { INSTAGRAM_CONTAINERS, InstagramContainer } from './instagram-stored-objects';
import { initialStatus } from './container-lifecycle';
import { checkContainerRules, readContainerOptions } from './instagram-container-options';

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

/** The container's media type and medium from `media_type`, as Instagram reads them (2207023 for a type it does not take). */
function mediumOf(
  state: EmulatorState,
  igUserId: string,
  params: Params,
  isCarouselItem: boolean,
): Pick<InstagramContainer, 'mediaType' | 'mediaUrl' | 'children' | 'storyMedium'> {
  const mediaTypeParam = params.media_type?.toUpperCase();
  if (mediaTypeParam === 'CAROUSEL') {
    if (isCarouselItem) throw graphErrors.invalidParameter('A carousel cannot be a carousel item').forInstagram();
    return { mediaType: 'CAROUSEL', children: carouselChildren(state, igUserId, params.children) };
  }
  if (mediaTypeParam === 'REELS' || (mediaTypeParam === 'VIDEO' && isCarouselItem))
    return { mediaType: mediaTypeParam, mediaUrl: requireMediaUrl(params.video_url, 'video_url'), children: [] };
  // A story is one image or one video; sending both is refused by the publishing rules.
  if (mediaTypeParam === 'STORIES' && !isCarouselItem) {
    const video = params.video_url !== undefined;
    const name = video ? 'video_url' : 'image_url';
    return {
      mediaType: 'STORIES',
      storyMedium: video ? 'video' : 'image',
      mediaUrl: requireMediaUrl(params[name], name),
      children: [],
    };
  }
  if (mediaTypeParam === undefined || mediaTypeParam === 'IMAGE') {
    if (params.video_url !== undefined)
      throw containerError(100, 2207023, 'Every single video is published as a Reel: set media_type=REELS.');
    return { mediaType: 'IMAGE', mediaUrl: requireMediaUrl(params.image_url, 'image_url'), children: [] };
  }
  throw containerError(100, 2207023, `The media type ${mediaTypeParam} is unknown or not supported here.`);
}

/** An image medium, which Instagram downloads when the container is made (a video is downloaded while it is processed). */
export function isImageContainer(container: Pick<InstagramContainer, 'mediaType' | 'storyMedium'>): boolean {
  return container.mediaType === 'IMAGE' || container.storyMedium === 'image';
}

/**
 * Validates `POST /{ig-user-id}/media` and builds the container: an image, a Reel, a story (one image
 * or one video), a carousel item (image or video), or a carousel of 2–10 items, with the options Meta's
 * publishing rules let that kind take (container-options.ts). An image Instagram could not download is
 * refused at once (9004 / 2207052); a video is downloaded while the container is processed, so its
 * container is made and ends in ERROR (see container-lifecycle.ts).
 */
export function buildContainer(
  state: EmulatorState,
  igUserId: string,
  params: Params,
  fetched: FetchedMedia = NOTHING_FETCHED,
): InstagramContainer {
  const isCarouselItem = params.is_carousel_item === 'true';
  const caption = isCarouselItem ? '' : (params.caption ?? '');
  checkCaption(caption);
  const medium = mediumOf(state, igUserId, params, isCarouselItem);
  checkContainerRules(params);
  const options = readContainerOptions(params);
  const { mediaType, mediaUrl, children } = medium;
  const download = mediaUrl === undefined ? undefined : fetched(mediaUrl);
  if (download && !download.ok && isImageContainer(medium)) throw graphErrors.mediaDownloadFailed(download.reason);
  const container: InstagramContainer = {
    id: graphId(),
    igUserId,
    ...medium,
    isCarouselItem,
    caption,
    options,
    ...initialStatus(medium),
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
