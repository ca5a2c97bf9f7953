import { FastifyInstance } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { applyGraphFaults, presentedGraphToken, requireGraphToken } from '../graph/graph-access';
import { graphErrors } from '../graph/graph-errors';
import { FieldTree, parseFields, projectFields } from '../graph/graph-fields';
import { graphPage } from '../graph/graph-paging';
import { hasScope, tokenActsForPage } from '../graph/graph-ownership';
import { isHttpUrl } from '../http/http-url';
import { requestParams } from '../http/request-params';
import { EmulatorState } from '../state/emulator-state';
import { graphId } from '../state/emulator-ids';
import { FacebookVideo } from '../state/network-objects';
import { authorizePagePublish } from './facebook-page-access';

type IdParams = { Params: { id: string } };

const graphTime = (at: number) => new Date(at).toISOString().replace(/\.\d{3}Z$/, '+0000');

export function facebookVideoPermalink(video: FacebookVideo): string {
  return `https://www.facebook.com/${video.pageId}/videos/${video.id}`;
}

/**
 * One status read of a Page video: it stays `processing` for the configured number of reads, then
 * is `ready`, and Facebook publishes it on the Page at that moment (a failed one stays `error`).
 */
export function readVideoStatus(state: EmulatorState, video: FacebookVideo): FacebookVideo {
  if (video.status !== 'processing') return video;
  video.statusReads += 1;
  if (video.statusReads <= state.settings.facebookVideoPolls) return video;
  video.status = 'ready';
  state.published.record({
    network: 'facebook',
    accountId: video.pageId,
    postId: video.id,
    text: video.description,
    media: [{ type: 'video', url: video.url, id: video.id }],
    permalink: facebookVideoPermalink(video),
    publishedAt: new Date(state.now()).toISOString(),
  });
  return video;
}

/** `GET /{video-id}`: id, description, created/updated time, permalink and the VideoStatus. */
export function videoNode(state: EmulatorState, video: FacebookVideo, fields: FieldTree): Record<string, unknown> {
  if (fields.has('status')) readVideoStatus(state, video);
  return projectFields(
    fields,
    {
      id: () => video.id,
      description: () => video.description || undefined,
      created_time: () => graphTime(video.createdAt),
      updated_time: () => graphTime(video.createdAt),
      permalink_url: () => `/${video.pageId}/videos/${video.id}/`,
      status: () => ({
        video_status: video.status,
        processing_phase:
          video.status === 'error'
            ? { status: 'error', errors: [{ code: 1363008, message: 'The video file you selected is in a format that we don\'t support.' }] }
            : { status: video.status === 'ready' ? 'complete' : 'in_progress' },
      }),
    },
    'Video',
  );
}

/** Page videos: the upload by URL (`file_url`), and the Page's videos, newest first. */
export function registerFacebookVideoRoutes(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;

  fastify.post<IdParams>('/:id/videos', async (request, reply) => {
    const { params, page, token, usageHeaders } = await authorizePagePublish(context, request, request.params.id);
    if (!hasScope(token, 'publish_video')) throw graphErrors.permission(200, 'Uploading a video to a Page requires the publish_video permission');
    if (!isHttpUrl(params.file_url)) throw graphErrors.invalidParameter('file_url should represent a valid URL');
    const video: FacebookVideo = {
      id: graphId(),
      pageId: page.id,
      url: params.file_url,
      description: params.description ?? '',
      status: 'processing',
      statusReads: 0,
      createdAt: state.now(),
    };
    // container_error: the upload is taken, and its processing fails, as with a file Facebook cannot read.
    if (state.faults.take([{ network: 'facebook', accountId: page.id }], ['container_error']).length) video.status = 'error';
    state.objects.facebookVideos.set(video.id, video);
    return reply.headers(usageHeaders).send({ id: video.id });
  });

  fastify.get<IdParams>('/:id/videos', async (request) => {
    const params = requestParams(request);
    const token = requireGraphToken(state, 'facebook', presentedGraphToken(request, params));
    const pageId = request.params.id === 'me' ? token.subjectId : request.params.id;
    if (!state.findPage(pageId) || !tokenActsForPage(state, token, pageId)) throw graphErrors.unknownObject(pageId);
    await applyGraphFaults(state, [{ network: 'facebook', accountId: pageId }]);
    const fields = parseFields(params.fields, ['id', 'description', 'updated_time']);
    const videos = [...state.objects.facebookVideos.values()]
      .filter((video) => video.pageId === pageId)
      .reverse()
      .map((video) => videoNode(state, video, fields));
    return graphPage(request, params, videos, 25, context.publicUrl);
  });
}
