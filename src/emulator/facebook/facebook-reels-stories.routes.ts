import { FastifyInstance } from 'fastify';
import { pageReelsStoriesRules, uploadPhaseOf } from '../../contracts';
import { EmulatorContext } from '../emulator-context';
import { requireGraphCall } from '../graph/graph-access';
import { graphErrors } from '../graph/graph-errors';
import { graphPage } from '../graph/graph-paging';
import { requestParams, Params } from '../http/request-params';
import { graphId } from '../state/emulator-ids';
import { authorizePagePublish } from './facebook-page-access';
import { pagePostPermalink, videoPermalink } from './facebook-pages';
import { publishedPhoto } from './facebook-publish.routes';
import { FACEBOOK_PHOTOS, FACEBOOK_STORIES, FACEBOOK_VIDEOS, FacebookVideo } from './facebook-stored-objects';
import { tokenActsForPage } from './facebook-ownership';
import { findPage, TestFacebookPage } from './facebook-test-user';
import { EmulatorState } from '../state/emulator-state';
import { ruploadUrl } from './facebook-rupload.routes';
import { isInstagramObject } from '../instagram/instagram-objects';
import { readInstagramStories } from '../instagram/instagram-publish.routes';

type IdParams = { Params: { id: string } };
type Placement = 'reel' | 'story';

const graphTime = (at: number) => new Date(at).toISOString().replace(/\.\d{3}Z$/, '+0000');

/** The video a finish names: one this Page started on the same edge. */
function startedVideo(
  state: EmulatorState,
  page: TestFacebookPage,
  params: Params,
  placement: Placement,
): FacebookVideo {
  if (!params.video_id) throw graphErrors.invalidParameter('The parameter video_id is required');
  const video = state.objects.of(FACEBOOK_VIDEOS).get(params.video_id);
  if (!video || video.pageId !== page.id || video.placement !== placement)
    throw graphErrors.invalidParameter(`Invalid video_id: ${params.video_id}`);
  if (!video.uploaded)
    throw graphErrors.invalidParameter('The video has not been uploaded: send its file to the upload_url first');
  return video;
}

/** upload_phase=start: a video id and the rupload address for its file, before anything is published. */
function startVideo(context: EmulatorContext, page: TestFacebookPage, placement: Placement) {
  const video: FacebookVideo = {
    id: graphId(),
    pageId: page.id,
    description: '',
    status: 'uploading',
    placement,
    fileSize: 0,
    receivedBytes: 0,
    statusReads: 0,
    createdAt: context.state.now(),
  };
  context.state.objects.of(FACEBOOK_VIDEOS).set(video.id, video);
  return { video_id: video.id, upload_url: ruploadUrl(context, video.id) };
}

function publishedVideoMedia(video: FacebookVideo) {
  return [
    {
      type: 'video' as const,
      ...(video.url ? { url: video.url } : {}),
      id: video.id,
      ...(video.sha256 ? { sha256: video.sha256 } : {}),
    },
  ];
}

/** The upload phase, in either case (the codegen's START/FINISH, the guides' start/finish); any other refused. */
function phaseOf(params: Params): 'START' | 'FINISH' {
  const phase = uploadPhaseOf(params.upload_phase);
  if (!phase) throw graphErrors.invalidParameter('upload_phase must be one of START, FINISH');
  return phase;
}

/**
 * Page reels and stories, as the Reels Publishing and Page Stories guides describe them
 * (contracts/meta/page-reels-stories.json): `/video_reels` and `/video_stories` start an upload
 * (a video id and its rupload address), the file goes to rupload, the finish publishes; a photo story
 * publishes a photo staged unpublished. The emulator knows no video's duration, so the 3 to 90 s of a
 * reel and the 60 s of a video story are the service's to check on uploaded media.
 */
export function registerFacebookReelsStoriesRoutes(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;
  const now = () => new Date(state.now()).toISOString();

  fastify.post<IdParams>('/:id/video_reels', async (request, reply) => {
    const { params, page, usageHeaders } = await authorizePagePublish(context, request, request.params.id);
    if (phaseOf(params) === 'START') return reply.headers(usageHeaders).send(startVideo(context, page, 'reel'));
    const video = startedVideo(state, page, params, 'reel');
    const videoState = params.video_state;
    if (videoState === undefined) throw graphErrors.invalidParameter('The parameter video_state is required');
    if (!pageReelsStoriesRules().reelVideoStates.includes(videoState))
      throw graphErrors.invalidParameter('video_state must be one of DRAFT, PUBLISHED, SCHEDULED');
    if (videoState === 'SCHEDULED' && params.scheduled_publish_time === undefined)
      throw graphErrors.invalidParameter('A scheduled reel needs scheduled_publish_time');
    // A reel finished again (a client unsure its finish arrived) is the same video: never a second reel.
    if (video.publishedAt !== undefined) return reply.headers(usageHeaders).send({ success: true });
    video.description = params.description ?? '';
    video.status = 'ready';
    if (videoState === 'PUBLISHED') {
      video.publishedAt = state.now();
      state.published.record({
        network: 'facebook',
        accountId: page.id,
        postId: video.id,
        text: video.description,
        media: publishedVideoMedia(video),
        facebook: { placement: 'reel' },
        permalink: videoPermalink(context.pages, video),
        publishedAt: now(),
      });
    }
    return reply.headers(usageHeaders).send({ success: true });
  });

  fastify.post<IdParams>('/:id/video_stories', async (request, reply) => {
    const { params, page, usageHeaders } = await authorizePagePublish(context, request, request.params.id);
    if (phaseOf(params) === 'START') return reply.headers(usageHeaders).send(startVideo(context, page, 'story'));
    const video = startedVideo(state, page, params, 'story');
    if (video.publishedAt !== undefined)
      throw graphErrors.invalidParameter('This video was already published as a story');
    video.status = 'ready';
    video.publishedAt = state.now();
    const postId = graphId();
    state.objects
      .of(FACEBOOK_STORIES)
      .set(postId, { postId, pageId: page.id, mediaType: 'video', mediaId: video.id, createdAt: state.now() });
    state.published.record({
      network: 'facebook',
      accountId: page.id,
      postId,
      text: '',
      media: publishedVideoMedia(video),
      facebook: { placement: 'story' },
      permalink: pagePostPermalink(context.pages, postId),
      publishedAt: now(),
    });
    return reply.headers(usageHeaders).send({ success: true, post_id: postId });
  });

  fastify.post<IdParams>('/:id/photo_stories', async (request, reply) => {
    const { params, page, usageHeaders } = await authorizePagePublish(context, request, request.params.id);
    if (!params.photo_id) throw graphErrors.invalidParameter('The parameter photo_id is required');
    const photo = state.objects.of(FACEBOOK_PHOTOS).get(params.photo_id);
    if (!photo || photo.pageId !== page.id) throw graphErrors.invalidParameter(`Invalid photo_id: ${params.photo_id}`);
    // "A photo or video uploaded for a story can not have been used in a previously published post."
    if (photo.published || photo.postId)
      throw graphErrors.invalidParameter('A photo used in a published post cannot be published as a story');
    const postId = graphId();
    photo.postId = postId;
    state.objects
      .of(FACEBOOK_STORIES)
      .set(postId, { postId, pageId: page.id, mediaType: 'photo', mediaId: photo.id, createdAt: state.now() });
    // A story takes no alt text: the photo's is not shown there.
    const { altText: _notShown, ...medium } = publishedPhoto(photo);
    state.published.record({
      network: 'facebook',
      accountId: page.id,
      postId,
      text: '',
      media: [medium],
      facebook: { placement: 'story' },
      permalink: pagePostPermalink(context.pages, postId),
      publishedAt: now(),
    });
    return reply.headers(usageHeaders).send({ success: true, post_id: postId });
  });

  // The Page's stories, newest first (the Stories node's fields); an Instagram account's (Instagram
  // through Facebook Login shares this host) are Instagram's to answer.
  fastify.get<IdParams>('/:id/stories', async (request) => {
    if (isInstagramObject(state, request.params.id))
      return readInstagramStories(context, request, 'facebook', request.params.id);
    const params = requestParams(request);
    const token = requireGraphCall(state, 'facebook', request, params);
    const pageId = request.params.id === 'me' ? token.subjectId : request.params.id;
    if (!findPage(state, pageId) || !tokenActsForPage(state, token, pageId)) throw graphErrors.unknownObject(pageId);
    const stories = [...state.objects.of(FACEBOOK_STORIES).values()]
      .filter((story) => story.pageId === pageId)
      .reverse()
      .map((story) => ({
        post_id: story.postId,
        status: 'PUBLISHED',
        creation_time: graphTime(story.createdAt),
        media_type: story.mediaType,
        media_id: story.mediaId,
        url: pagePostPermalink(context.pages, story.postId),
      }));
    return graphPage(request, params, stories, 25, context.publicUrl);
  });
}
