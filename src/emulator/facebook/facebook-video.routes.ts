import { FastifyInstance } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { applyGraphFaults, requireGraphCall } from '../graph/graph-access';
import { graphErrors } from '../graph/graph-errors';
import { FieldTree, parseFields, projectFields } from '../graph/graph-fields';
import { graphPage } from '../graph/graph-paging';
import { hasScope } from '../graph/graph-scopes';
import { tokenActsForPage } from './facebook-ownership';
import { isHttpUrl } from '../http/http-url';
import { requestParams } from '../http/request-params';
import { EmulatorState } from '../state/emulator-state';
import { graphId } from '../state/emulator-ids';
import { FACEBOOK_VIDEOS, FacebookVideo } from './facebook-stored-objects';
import { authorizePagePublish } from './facebook-page-access';
import {
  FACEBOOK_VIDEO_BODY_LIMIT,
  finishVideoUpload,
  startVideoUpload,
  transferVideoChunk,
} from './facebook-video-upload';
import { EmulatorPages } from '../http/object-pages';
import { videoPermalink } from './facebook-pages';
import { findPage } from './facebook-test-user';

type IdParams = { Params: { id: string } };

const graphTime = (at: number) => new Date(at).toISOString().replace(/\.\d{3}Z$/, '+0000');

/**
 * Facebook processes every uploaded video on its own, whether or not anyone asks how it is going.
 * The emulator counts that time in status reads on the Page: each one moves every video of the
 * Page on, so a video nobody polls (its uploader died) is published all the same. A video stays
 * `processing` for the configured number of steps, then is `ready`, and Facebook publishes it on
 * the Page at that moment (a failed one stays `error`).
 */
export function advanceVideoProcessing(state: EmulatorState, pages: EmulatorPages, pageId: string): void {
  for (const video of state.objects.of(FACEBOOK_VIDEOS).values()) {
    if (video.pageId !== pageId || video.status !== 'processing' || video.placement) continue;
    video.statusReads += 1;
    if (video.statusReads <= state.settings.facebookVideoPolls) continue;
    video.status = 'ready';
    state.published.record({
      network: 'facebook',
      accountId: video.pageId,
      postId: video.id,
      text: video.description,
      media: [
        {
          type: 'video',
          ...(video.url ? { url: video.url } : {}),
          id: video.id,
          ...(video.sha256 ? { sha256: video.sha256 } : {}),
        },
      ],
      facebook: { placement: 'feed' },
      permalink: videoPermalink(pages, video),
      publishedAt: new Date(state.now()).toISOString(),
    });
  }
}

/** VideoStatus: the overall `video_status` and its phases (upload, processing, publishing). */
function videoStatus(video: FacebookVideo): Record<string, unknown> {
  if (video.placement) return placementVideoStatus(video);
  const uploading = video.status === 'uploading';
  return {
    video_status: video.status,
    uploading_phase: {
      // Every byte of a session received is a complete upload, finished or not.
      status:
        video.receivedBytes === video.fileSize || !uploading
          ? 'complete'
          : video.receivedBytes > 0
            ? 'in_progress'
            : 'not_started',
      bytes_transferred: video.receivedBytes,
    },
    processing_phase:
      video.status === 'error'
        ? {
            status: 'error',
            errors: [{ code: 1363008, message: "The video file you selected is in a format that we don't support." }],
          }
        : { status: uploading ? 'not_started' : video.status === 'ready' ? 'complete' : 'in_progress' },
    publishing_phase: { status: video.status === 'ready' ? 'complete' : 'not_started' },
  };
}

/**
 * A reel's or a video story's VideoStatus (Reels Publishing guide, "Get the Upload Status"): its file
 * sent to rupload or not, then published at its finish (`publishing_phase.publish_status`). The
 * emulator processes such a video at once: it is `ready` from its finish.
 */
function placementVideoStatus(video: FacebookVideo): Record<string, unknown> {
  const published = video.publishedAt !== undefined;
  return {
    video_status: video.status === 'uploading' ? (video.uploaded ? 'upload_complete' : 'uploading') : video.status,
    uploading_phase: {
      status: video.uploaded ? 'complete' : video.receivedBytes > 0 ? 'in_progress' : 'not_started',
      bytes_transferred: video.receivedBytes,
    },
    processing_phase: { status: video.status === 'uploading' ? 'not_started' : 'complete' },
    publishing_phase: published
      ? { status: 'complete', publish_status: 'published', publish_time: graphTime(video.publishedAt!) }
      : { status: 'not_started', publish_status: 'draft' },
  };
}

/**
 * `GET /{video-id}`: id, description, created/updated time, permalink and the VideoStatus. Facebook
 * gives `permalink_url` relative to facebook.com; the emulator gives the absolute link of its own
 * page for the video instead (facebook.com has no such video), which a client resolves the same way.
 */
export function videoNode(video: FacebookVideo, fields: FieldTree, pages: EmulatorPages): Record<string, unknown> {
  return projectFields(
    fields,
    {
      id: () => video.id,
      description: () => video.description || undefined,
      created_time: () => graphTime(video.createdAt),
      updated_time: () => graphTime(video.createdAt),
      permalink_url: () => videoPermalink(pages, video),
      status: () => videoStatus(video),
    },
    'Video',
  );
}

/** A container_error fault on the Page: the upload is taken, and its processing fails, as with a file Facebook cannot read. */
function failsProcessing(state: EmulatorState, pageId: string): boolean {
  return state.faults.take([{ network: 'facebook', accountId: pageId }], ['container_error']).length > 0;
}

/**
 * Page videos: the upload, by URL (`file_url`) or resumable (`upload_phase` start, transfer,
 * finish), and the Page's videos, newest first.
 */
export function registerFacebookVideoRoutes(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;

  fastify.post<IdParams>('/:id/videos', { bodyLimit: FACEBOOK_VIDEO_BODY_LIMIT }, async (request, reply) => {
    const { params, page, token, usageHeaders } = await authorizePagePublish(context, request, request.params.id);
    if (!hasScope(token, 'publish_video'))
      throw graphErrors.permission(200, 'Uploading a video to a Page requires the publish_video permission');
    if (params.upload_phase !== undefined) {
      if (params.file_url !== undefined)
        throw graphErrors.invalidParameter('file_url cannot be used with upload_phase');
      switch (params.upload_phase) {
        case 'start':
          return reply.headers(usageHeaders).send(startVideoUpload(state, page, params));
        case 'transfer':
          return reply.headers(usageHeaders).send(transferVideoChunk(state, page, params, request));
        case 'finish': {
          const { video } = finishVideoUpload(state, page, params);
          if (failsProcessing(state, page.id)) video.status = 'error';
          return reply.headers(usageHeaders).send({ success: true });
        }
        default:
          throw graphErrors.invalidParameter('upload_phase must be one of start, transfer, finish');
      }
    }
    if (!isHttpUrl(params.file_url)) throw graphErrors.invalidParameter('file_url should represent a valid URL');
    const video: FacebookVideo = {
      id: graphId(),
      pageId: page.id,
      url: params.file_url,
      description: params.description ?? '',
      status: failsProcessing(state, page.id) ? 'error' : 'processing',
      fileSize: 0,
      receivedBytes: 0,
      statusReads: 0,
      createdAt: state.now(),
    };
    state.objects.of(FACEBOOK_VIDEOS).set(video.id, video);
    return reply.headers(usageHeaders).send({ id: video.id });
  });

  fastify.get<IdParams>('/:id/videos', async (request) => {
    const params = requestParams(request);
    const token = requireGraphCall(state, 'facebook', request, params);
    const pageId = request.params.id === 'me' ? token.subjectId : request.params.id;
    if (!findPage(state, pageId) || !tokenActsForPage(state, token, pageId)) throw graphErrors.unknownObject(pageId);
    await applyGraphFaults(state, [{ network: 'facebook', accountId: pageId }]);
    const fields = parseFields(params.fields, ['id', 'description', 'updated_time']);
    if (fields.has('status')) advanceVideoProcessing(state, context.pages, pageId);
    // An upload session not finished is no video of the Page yet.
    const videos = [...state.objects.of(FACEBOOK_VIDEOS).values()]
      .filter((video) => video.pageId === pageId && video.status !== 'uploading')
      .reverse()
      .map((video) => videoNode(video, fields, context.pages));
    return graphPage(request, params, videos, 25, context.publicUrl);
  });
}
