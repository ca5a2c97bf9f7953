import { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { createHash } from 'node:crypto';
import type { MediaProbeResult } from '../../common/media-url-probe';
import { worldsNamedIn } from '../../networks';
import { isHttpUrl } from '../http/http-url';
import type { MediaFetcher } from '../http/media-fetch';
import { numericId } from '../state/emulator-ids';
import { EmulatorState } from '../state/emulator-state';
import { PublishedMedia } from '../state/published-log';
import { pinterestErrors } from './pinterest-errors';
import { mediaStatus } from './pinterest-media.routes';
import { PinterestPublishedFields } from './pinterest-published';
import { PINTEREST_MEDIA } from './pinterest-stored-objects';

type Json = Record<string, unknown>;
const record = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};

/** The URLs a pin's media_source asks Pinterest to fetch: an image, each carousel item, a video's cover. */
function mediaUrls(body: unknown): string[] {
  const source = record(record(body).media_source);
  const items = Array.isArray(source.items) ? source.items.map(record) : [];
  return [source.url, source.cover_image_url, ...items.map((item) => item.url)].filter(
    (url): url is string => typeof url === 'string' && isHttpUrl(url),
  );
}

const fetched = new WeakMap<FastifyRequest, Map<string, MediaProbeResult>>();

/**
 * Fetches the media URLs of a pin before its handler runs (and so before the request's world is
 * locked), as Pinterest fetches an image_url when the pin is made.
 */
export function fetchPinMediaFirst(fetcher: MediaFetcher | undefined): preHandlerAsyncHookHandler {
  return async (request) => {
    if (!fetcher || !request.headers.authorization) return;
    const worlds = worldsNamedIn([request.url, request.headers.authorization]);
    const world = worlds.size === 1 ? [...worlds][0]! : '';
    const urls = [...new Set(mediaUrls(request.body))];
    fetched.set(
      request,
      new Map(await Promise.all(urls.map(async (url) => [url, await fetcher(url, world)] as const))),
    );
  };
}

function fetchedOrRefused(request: FastifyRequest, url: string): void {
  const result = fetched.get(request)?.get(url) ?? { ok: true };
  if (!result.ok) throw pinterestErrors.invalid(`Sorry, we could not fetch the image at ${url}: ${result.reason}`);
}

function base64Image(data: unknown, altText?: string): PublishedMedia {
  const bytes = Buffer.from(String(data), 'base64');
  if (bytes.length === 0) throw pinterestErrors.invalid('The image data is empty');
  return {
    type: 'image',
    id: numericId(18),
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    ...(altText ? { altText } : {}),
  };
}

/**
 * The media a pin's media_source gives, checked as Pinterest does beyond its schema: each URL
 * fetched; base64 data not empty; a video the account's own, `succeeded`, with a cover (a URL, its
 * data, or a key frame's time).
 */
export function pinMedia(
  state: EmulatorState,
  request: FastifyRequest,
  accountId: string,
  source: Json,
  altText: string | undefined,
): { media: PublishedMedia[]; fields: Pick<PinterestPublishedFields, 'sourceType' | 'cover'> } {
  const sourceType = String(source.source_type);
  const alt = altText ? { altText } : {};
  const items = Array.isArray(source.items) ? source.items.map(record) : [];
  switch (sourceType) {
    case 'image_url':
      fetchedOrRefused(request, String(source.url));
      return { media: [{ type: 'image', id: numericId(18), url: String(source.url), ...alt }], fields: { sourceType } };
    case 'image_base64':
      return { media: [base64Image(source.data, altText)], fields: { sourceType } };
    case 'multiple_image_urls':
      return {
        media: items.map((item) => {
          fetchedOrRefused(request, String(item.url));
          return { type: 'image' as const, id: numericId(18), url: String(item.url) };
        }),
        fields: { sourceType },
      };
    case 'multiple_image_base64':
      return { media: items.map((item) => base64Image(item.data)), fields: { sourceType } };
    case 'video_id': {
      const media = state.objects.of(PINTEREST_MEDIA).get(String(source.media_id));
      if (!media || media.owner !== accountId) throw pinterestErrors.notFound('Media not found.');
      const status = mediaStatus(state, media);
      if (status === 'failed') throw pinterestErrors.invalid(`Media ${media.mediaId} failed processing`);
      if (status !== 'succeeded')
        throw pinterestErrors.invalid(`Media ${media.mediaId} is not ready (${status}): wait until it has succeeded`);
      const cover = {
        ...(typeof source.cover_image_url === 'string' ? { url: source.cover_image_url } : {}),
        ...(typeof source.cover_image_key_frame_time === 'number'
          ? { keyFrameTime: source.cover_image_key_frame_time }
          : {}),
        ...(typeof source.cover_image_data === 'string' ? { data: true } : {}),
      };
      if (Object.keys(cover).length === 0)
        throw pinterestErrors.invalid(
          'A video pin needs a cover: cover_image_url, cover_image_data or cover_image_key_frame_time',
        );
      if (cover.url) fetchedOrRefused(request, cover.url);
      return {
        media: [
          {
            type: 'video',
            id: media.mediaId,
            ...(media.size ? { size: media.size } : {}),
            ...(media.sha256 ? { sha256: media.sha256 } : {}),
          },
        ],
        fields: { sourceType, cover },
      };
    }
    default:
      throw pinterestErrors.invalid(`media_source.source_type ${sourceType} is not taken by the emulator`);
  }
}
