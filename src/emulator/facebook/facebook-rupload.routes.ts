import { FastifyInstance, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { EmulatorContext } from '../emulator-context';
import { requireGraphCall } from '../graph/graph-access';
import { GraphError } from '../graph/graph-error';
import { graphErrors } from '../graph/graph-errors';
import { isHttpUrl } from '../http/http-url';
import { fetchedMedia, fetchMediaFirst } from '../http/media-fetch';
import { FACEBOOK_VIDEOS } from './facebook-stored-objects';
import { tokenActsForPage } from './facebook-ownership';

const MB = 1024 * 1024;
/** The most bytes one rupload request carries here: a reel or a story is short (90 s at most). */
export const RUPLOAD_BODY_LIMIT = 512 * MB;

/** The Graph version rupload addresses carry (`/video-upload/{version}/{video_id}`), as Graph's own. */
const GRAPH_VERSION = /^v\d+\.\d+$/;

/** Where a started reel or video story's file goes: the start phase's `upload_url`. */
export function ruploadUrl(context: EmulatorContext, videoId: string): string {
  return context.pages.url('/facebook', `/rupload/video-upload/v25.0/${videoId}`);
}

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/** rupload's refusals of an upload (the guide's OffsetInvalidError, PartialRequestError), in Graph's shape. */
const uploadRefused = (message: string): GraphError => graphErrors.invalidParameter(message);

/**
 * rupload.facebook.com/video-upload/{version}/{video_id}: the file of a reel or a video story started
 * on its Page edge (contracts/meta/page-reels-stories.json `rupload`). Headers only, no Graph
 * parameters: `Authorization: OAuth <page token>` (a token acting for the video's Page), then either
 * `file_url` (fetched as Facebook fetches a hosted file) or `offset` + `file_size` with the bytes as
 * application/octet-stream, from `offset` (what was received so far) on. Answers `{"success":true}`.
 */
export function registerFacebookRuploadRoutes(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;
  fastify.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: RUPLOAD_BODY_LIMIT },
    (_r, body, done) => done(null, body),
  );
  const preHandler = fetchMediaFirst(context.fetchMedia, [], ['file_url']);

  fastify.post<{ Params: { version: string; videoId: string } }>(
    '/video-upload/:version/:videoId',
    { preHandler, bodyLimit: RUPLOAD_BODY_LIMIT },
    async (request) => {
      if (!/^OAuth\s+\S+$/i.test(header(request, 'authorization') ?? ''))
        throw graphErrors.invalidParameter('An Authorization header "OAuth <access token>" is required');
      const token = requireGraphCall(state, 'facebook', request, {});
      if (!GRAPH_VERSION.test(request.params.version)) throw graphErrors.unknownObject(request.params.version);
      const video = state.objects.of(FACEBOOK_VIDEOS).get(request.params.videoId);
      if (!video || !video.placement || !tokenActsForPage(state, token, video.pageId))
        throw graphErrors.unknownObject(request.params.videoId);
      if (video.status !== 'uploading') throw uploadRefused('The video was already finished');
      const fileUrl = header(request, 'file_url');
      if (fileUrl !== undefined) {
        if (!isHttpUrl(fileUrl)) throw uploadRefused('file_url must be an http or https URL');
        // "Files hosted on Meta CDN (e.g.. fbcdn URLs) will get rejected."
        if (/(^|\.)fbcdn\.net$/i.test(new URL(fileUrl).hostname))
          throw uploadRefused('Files hosted on Meta CDN cannot be uploaded: use crossposting instead');
        if (!fetchedMedia(request, fileUrl).ok) throw graphErrors.invalidParameter('The file_url could not be fetched');
        video.url = fileUrl;
        video.uploaded = true;
        return { success: true };
      }
      const offset = Number(header(request, 'offset'));
      const fileSize = Number(header(request, 'file_size'));
      if (!Number.isInteger(fileSize) || fileSize < 1)
        throw uploadRefused("file_size (the file's size in bytes) or file_url is required");
      if (!Number.isInteger(offset) || offset !== video.receivedBytes)
        throw uploadRefused('Request starting offset is invalid');
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (offset + bytes.length !== fileSize) throw uploadRefused('Partial request (did not match length of file)');
      // Whole files only (offset 0) are kept whole; a resumed one is known by its size.
      video.fileSize = fileSize;
      video.receivedBytes = fileSize;
      if (offset === 0) video.sha256 = createHash('sha256').update(bytes).digest('hex');
      video.uploaded = true;
      return { success: true };
    },
  );
}
