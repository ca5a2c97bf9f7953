import { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { MediaProbeResult } from '../../common/media-url-probe';
import { worldsNamedIn } from '../../networks';
import { isHttpUrl } from './http-url';
import { requestParams } from './request-params';

/**
 * Fetches a media URL as a network does when it is handed one (Instagram's `image_url` and
 * `video_url`, a Facebook photo's `url`). `world` is the test world asking ('' for the default
 * world): it bounds that world's name resolutions as a customer's are bounded.
 */
export type MediaFetcher = (url: string, world: string) => Promise<MediaProbeResult>;

const fetched = new WeakMap<FastifyRequest, Map<string, MediaProbeResult>>();

/**
 * A route's preHandler that fetches the media URLs its parameters `names` carry. It runs before the
 * route's handler, and so before the request's world is loaded and locked (world-routing.ts wraps
 * the handler only): a slow or silent media host never holds a database connection or the world.
 * A request carrying no token is refused by the handler anyway, and fetches nothing.
 */
export function fetchMediaFirst(
  fetcher: MediaFetcher | undefined,
  names: readonly string[],
  /** Headers that carry a URL to fetch (rupload's `file_url`). */
  headerNames: readonly string[] = [],
  /** URLs a JSON body carries below its top level (TikTok's `source_info.video_url`, `photo_images`). */
  bodyUrls: (body: unknown) => readonly string[] = () => [],
): preHandlerAsyncHookHandler {
  return async (request) => {
    if (!fetcher) return;
    const params = requestParams(request);
    if (!params.access_token && !request.headers.authorization) return;
    const texts = [request.url, request.headers.authorization ?? '', ...Object.values(params)];
    const worlds = worldsNamedIn(texts);
    const world = worlds.size === 1 ? [...worlds][0]! : '';
    const headers = headerNames.map((name) => request.headers[name]).filter((value) => typeof value === 'string');
    const urls = [
      ...new Set(
        [...names.map((name) => params[name]), ...headers, ...bodyUrls(request.body)].filter((url) => isHttpUrl(url)),
      ),
    ];
    const results = await Promise.all(urls.map(async (url) => [url, await fetcher(url, world)] as const));
    fetched.set(request, new Map(results));
  };
}

/**
 * What fetching `url` gave for this request; `{ ok: true }` when the emulator fetches nothing (no
 * fetcher: unit tests and a standalone emulator started without one).
 */
export function fetchedMedia(request: FastifyRequest, url: string): MediaProbeResult {
  return fetched.get(request)?.get(url) ?? { ok: true };
}
