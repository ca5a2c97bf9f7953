import { FastifyInstance, FastifyRequest } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { applyGraphFaults, requireGraphCall } from '../graph/graph-access';
import { graphErrors } from '../graph/graph-errors';
import { FieldTree, parseFields, projectFields } from '../graph/graph-fields';
import { graphPage } from '../graph/graph-paging';
import { tokenActsForPage } from './facebook-ownership';
import {
  commentOnInstagramMedia,
  isInstagramObject,
  listInstagramComments,
  readInstagramObject,
} from '../instagram/instagram-objects';
import { deleteInstagramMedia } from '../instagram/instagram-media-delete';
import { requestParams } from '../http/request-params';
import { answerLost, commentOrder, commentsUnder, parentComment } from '../state/comment-threads';
import { graphId } from '../state/emulator-ids';
import { EmulatorState } from '../state/emulator-state';
import { PublishedItem } from '../state/published-log';
import { authorizePageCall, authorizePagePublish, COMMENT_NEED, READ_COMMENTS_NEED } from './facebook-page-access';
import { engagementEdges, facebookPostNode, PAGE_DEFAULT_FIELDS, pageNode } from './facebook-nodes';
import { advanceVideoProcessing, videoNode } from './facebook-video.routes';
import { FACEBOOK_PHOTOS, FACEBOOK_VIDEOS, FacebookVideo } from './facebook-stored-objects';
import { findPage } from './facebook-test-user';
import { commentPermalink } from './facebook-pages';
import { EmulatorPages } from '../http/object-pages';

type IdParams = { Params: { id: string } };

/**
 * A Video node with its reactions and comments edges read as fields, as on a post (a video not yet
 * published answers no counts); every other field is the Video's own, and one it lacks (`shares`,
 * a Post field) is refused as Graph refuses it: `Tried accessing nonexisting field (shares) on
 * node type (Video)`.
 */
function videoWithEdges(
  state: EmulatorState,
  video: FacebookVideo,
  fields: FieldTree,
  published: PublishedItem | undefined,
  pages: EmulatorPages,
): Record<string, unknown> {
  const edges: Record<string, () => unknown> = published
    ? engagementEdges(state, published)
    : { reactions: () => undefined, comments: () => undefined };
  const own: FieldTree = new Map([...fields].filter(([name]) => !(name in edges)));
  const node = videoNode(video, own, pages);
  for (const name of fields.keys()) {
    const value = edges[name]?.();
    if (value !== undefined) node[name] = value;
  }
  return node;
}

/**
 * Graph nodes by id on graph.facebook.com: Pages, Page posts, photos, videos and comments, and (Instagram
 * through Facebook Login) Instagram accounts, containers and media.
 */
export function registerFacebookObjectRoutes(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;

  const facebookToken = (request: FastifyRequest) => {
    const params = requestParams(request);
    return { params, token: requireGraphCall(state, 'facebook', request, params) };
  };

  fastify.get<IdParams>('/:id', async (request) => {
    const id = request.params.id;
    if (isInstagramObject(state, id)) return readInstagramObject(context, request, 'facebook', id);
    const { params, token } = facebookToken(request);
    const page = findPage(state, id);
    const post = state.published.find('facebook', id);
    const photo = state.objects.of(FACEBOOK_PHOTOS).get(id);
    const video = state.objects.of(FACEBOOK_VIDEOS).get(id);
    const pageId = page?.page.id ?? video?.pageId ?? post?.accountId ?? photo?.pageId;
    if (pageId === undefined || !tokenActsForPage(state, token, pageId) || post?.deletedAt)
      throw graphErrors.unknownObject(id);
    await applyGraphFaults(state, [{ network: 'facebook', accountId: pageId }]);
    if (page)
      return pageNode(
        state,
        page.page,
        token,
        parseFields(
          params.fields,
          PAGE_DEFAULT_FIELDS.filter((field) => field !== 'access_token'),
        ),
      );
    // A published video is in the published log too, under its own id: it answers as a Video.
    if (video) {
      const fields = parseFields(params.fields, ['id', 'description', 'updated_time']);
      if (fields.has('status')) advanceVideoProcessing(state, context.pages, video.pageId);
      return videoWithEdges(state, video, fields, post, context.pages);
    }
    if (post) return facebookPostNode(post, parseFields(params.fields, ['id', 'message', 'created_time']), state);
    return projectFields(
      parseFields(params.fields, ['id', 'created_time']),
      {
        id: () => photo!.id,
        name: () => photo!.caption || undefined,
        created_time: () => new Date(photo!.createdAt).toISOString().replace(/\.\d{3}Z$/, '+0000'),
        link: () => `https://www.facebook.com/photo.php?fbid=${photo!.id}`,
        page_story_id: () => photo!.postId,
      },
      'Photo',
    );
  });

  fastify.delete<IdParams>('/:id', async (request) => {
    const instagramMedia = state.published.find('instagram', request.params.id);
    if (instagramMedia) return deleteInstagramMedia(context, request, instagramMedia);
    const post = state.published.find('facebook', request.params.id);
    if (!post || post.deletedAt) throw graphErrors.unknownObject(request.params.id, 'delete');
    await authorizePagePublish(context, request, post.accountId);
    post.deletedAt = new Date(state.now()).toISOString();
    return { success: true };
  });

  // A comment under a Page post, or (as Facebook nests them) under one of its comments.
  fastify.post<IdParams>('/:id/comments', async (request) => {
    const id = request.params.id;
    const instagramMedia = state.published.find('instagram', id);
    if (instagramMedia) return commentOnInstagramMedia(context, request, 'facebook', instagramMedia);
    const parent = state.published.find('facebook', id);
    if (!parent || parent.deletedAt) throw graphErrors.unknownObject(id);
    const { params } = await authorizePageCall(context, request, parent.accountId, COMMENT_NEED);
    if (!params.message) throw graphErrors.invalidParameter('The parameter message is required');
    const postId = parent.parentId
      ? (state.published.find('facebook', parent.parentId)?.postId ?? parent.parentId)
      : parent.postId;
    const commentId = `${postId.split('_')[1] ?? postId}_${graphId()}`;
    state.published.record({
      network: 'facebook',
      accountId: parent.accountId,
      postId: commentId,
      text: params.message,
      media: [],
      parentId: parent.postId,
      permalink: commentPermalink(context.pages, postId, commentId),
      publishedAt: new Date(state.now()).toISOString(),
    });
    if (answerLost(state, [{ network: 'facebook', accountId: parent.accountId }])) throw graphErrors.transient();
    return { id: commentId };
  });

  // A post's or comment's (or, through Facebook Login, an Instagram medium's) comments: oldest
  // first, or newest first with order=reverse_chronological; filter=stream adds the answers to them.
  fastify.get<IdParams>('/:id/comments', async (request) => {
    const id = request.params.id;
    const instagramMedia = state.published.find('instagram', id);
    if (instagramMedia) return listInstagramComments(context, request, 'facebook', instagramMedia);
    const { params, token } = facebookToken(request);
    const parent = state.published.find('facebook', id);
    if (!parent || parent.deletedAt || !tokenActsForPage(state, token, parent.accountId))
      throw graphErrors.unknownObject(id);
    if (!READ_COMMENTS_NEED.all.every((scope) => token.scopes.includes(scope)))
      throw graphErrors.permission(READ_COMMENTS_NEED.code, READ_COMMENTS_NEED.message);
    await applyGraphFaults(state, [{ network: 'facebook', accountId: parent.accountId }]);
    const fields = parseFields(params.fields, ['id', 'message', 'created_time']);
    const filter = params.filter ?? 'toplevel';
    if (filter !== 'toplevel' && filter !== 'stream')
      throw graphErrors.invalidParameter('The parameter filter must be one of {toplevel, stream}');
    const listed = commentsUnder(state, parent, params.order, filter === 'stream');
    const comments = listed.map((item) => facebookPostNode(item, fields, undefined, parentComment(state, item)));
    return graphPage(request, params, comments, 25, context.publicUrl, commentOrder(listed, params.order));
  });

  // Instagram through Facebook Login: answers to a comment.
  fastify.post<IdParams>('/:id/replies', async (request) => {
    const comment = state.published.find('instagram', request.params.id);
    if (!comment) throw graphErrors.unknownObject(request.params.id);
    return commentOnInstagramMedia(context, request, 'facebook', comment, 'replies');
  });

  fastify.get<IdParams>('/:id/replies', async (request) => {
    const comment = state.published.find('instagram', request.params.id);
    if (!comment) throw graphErrors.unknownObject(request.params.id);
    return listInstagramComments(context, request, 'facebook', comment, 'replies');
  });

  // The Page's posts, newest first: how a publisher checks whether a post already went out.
  fastify.get<IdParams>('/:id/feed', async (request) => {
    const { params, token } = facebookToken(request);
    const pageId = request.params.id === 'me' ? token.subjectId : request.params.id;
    if (!findPage(state, pageId) || !tokenActsForPage(state, token, pageId)) throw graphErrors.unknownObject(pageId);
    await applyGraphFaults(state, [{ network: 'facebook', accountId: pageId }]);
    const fields = parseFields(params.fields, ['id', 'message', 'created_time']);
    const posts = state.published
      .list({ network: 'facebook', accountId: pageId })
      // A story is no feed post: the Page's stories edge lists it.
      .filter((item) => !item.parentId && !item.deletedAt && item.facebook?.placement !== 'story')
      .reverse()
      .map((item) => facebookPostNode(item, fields));
    return graphPage(request, params, posts, 25, context.publicUrl);
  });
}
