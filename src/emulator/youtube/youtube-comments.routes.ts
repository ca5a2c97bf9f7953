import { FastifyInstance } from 'fastify';
import { youTubeId } from './youtube-ids';
import { EmulatorContext } from '../emulator-context';
import { answerLost } from '../state/comment-threads';
import { EmulatorState } from '../state/emulator-state';
import { PublishedItem } from '../state/published-log';
import { authorizeYouTubeCall } from './youtube-access';
import { refuseContractViolations } from './youtube-contract-checks';
import { youTubeErrors } from './youtube-errors';
import { youTubePermalink } from './youtube-pages';
import { findYouTubeChannel } from './youtube-test-user';

type Query = { Querystring: Record<string, string | undefined> };
const PAGE_DEFAULT = 20;
/** The answers a thread shows with part=replies. */
const REPLIES_SHOWN = 5;

/** A top-level comment's id (`Ugz…AaABAg`), and an answer's (`{top-level id}.{22 characters}`). */
export function youTubeCommentId(parentId?: string): string {
  return parentId ? `${parentId}.${youTubeId(22)}` : `Ugz${youTubeId(19)}4AaABAg`;
}

/** The video a comment is under. */
export function videoOf(state: EmulatorState, item: PublishedItem): PublishedItem {
  let current = item;
  while (current.parentId) {
    const parent = state.published.find('youtube', current.parentId);
    if (!parent) break;
    current = parent;
  }
  return current;
}

/** A Comment resource (plain text: the emulator answers textDisplay as written). */
export function commentView(state: EmulatorState, item: PublishedItem): Record<string, unknown> {
  const video = videoOf(state, item);
  const own = findYouTubeChannel(state, item.accountId)?.channel;
  const name = item.author?.username ?? own?.handle ?? item.accountId;
  return {
    kind: 'youtube#comment',
    etag: `m${item.sequence}`,
    id: item.postId,
    snippet: {
      channelId: video.accountId,
      videoId: video.postId,
      textDisplay: item.text,
      textOriginal: item.text,
      ...(item.parentId && item.parentId !== video.postId ? { parentId: item.parentId } : {}),
      authorDisplayName: name,
      authorProfileImageUrl: own?.picture ?? '',
      authorChannelUrl: `http://www.youtube.com/${name}`,
      authorChannelId: { value: item.accountId },
      canRate: true,
      viewerRating: 'none',
      likeCount: 0,
      publishedAt: item.publishedAt,
      updatedAt: item.publishedAt,
    },
  };
}

/** Newest first, paged with an opaque token (the offset). */
function page<T>(items: T[], query: Record<string, string | undefined>): { items: T[]; nextPageToken?: string } {
  const start = query.pageToken ? Number(Buffer.from(query.pageToken, 'base64url').toString()) || 0 : 0;
  const size = Number(query.maxResults ?? PAGE_DEFAULT) || PAGE_DEFAULT;
  const next = start + size < items.length ? Buffer.from(String(start + size)).toString('base64url') : undefined;
  return { items: items.slice(start, start + size), ...(next ? { nextPageToken: next } : {}) };
}

/**
 * Comments: commentThreads.list by videoId (newest first with order=time), comments.list by
 * parentId (a thread's answers), comments.insert of an answer (snippet.parentId: a top-level
 * comment; only those have answers on YouTube).
 */
export function registerYouTubeCommentRoutes(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;
  const prefix = fastify.prefix;
  const alive = (parentId: string) =>
    state.published
      .list({ network: 'youtube' })
      .filter((item) => item.parentId === parentId && !item.deletedAt)
      .reverse();

  fastify.get<Query>('/youtube/v3/commentThreads', async (request) => {
    await authorizeYouTubeCall(state, request, 'commentThreads.list');
    refuseContractViolations(request, prefix);
    const videoId = request.query.videoId ?? '';
    const video = state.published.find('youtube', videoId);
    if (!video || video.deletedAt || video.parentId)
      throw youTubeErrors.notFound(
        'videoNotFound',
        `The video identified by the videoId parameter could not be found.`,
      );
    const withReplies = (request.query.part ?? '').split(',').includes('replies');
    const threads = alive(videoId).map((top) => {
      const answers = alive(top.postId);
      return {
        kind: 'youtube#commentThread',
        etag: `t${top.sequence}`,
        id: top.postId,
        snippet: {
          channelId: video.accountId,
          videoId,
          topLevelComment: commentView(state, top),
          canReply: true,
          totalReplyCount: answers.length,
          isPublic: true,
        },
        // YouTube includes some of a thread's answers (comments.list by parentId reads them all): here up to 5.
        ...(withReplies && answers.length
          ? { replies: { comments: answers.slice(0, REPLIES_SHOWN).map((item) => commentView(state, item)) } }
          : {}),
      };
    });
    const found = page(threads, request.query);
    return {
      kind: 'youtube#commentThreadListResponse',
      etag: 'ctl',
      pageInfo: { totalResults: threads.length, resultsPerPage: found.items.length },
      ...found,
    };
  });

  fastify.post<Query>('/youtube/v3/commentThreads', async (request) => {
    const { channel } = await authorizeYouTubeCall(state, request, 'commentThreads.insert', [
      'token_expired',
      'token_revoked',
      'rate_limited',
      'slow',
      'server_error',
    ]);
    refuseContractViolations(request, prefix);
    const snippet = (
      request.body as { snippet: { videoId: string; topLevelComment: { snippet: { textOriginal: string } } } }
    ).snippet;
    const video = state.published.find('youtube', snippet.videoId);
    if (!video || video.deletedAt || video.parentId)
      throw youTubeErrors.notFound(
        'videoNotFound',
        'The video identified by the videoId parameter could not be found.',
      );
    const item = state.published.record({
      network: 'youtube',
      accountId: channel.id,
      postId: youTubeCommentId(),
      text: snippet.topLevelComment.snippet.textOriginal,
      media: [],
      parentId: video.postId,
      permalink: youTubePermalink(context.pages, video.postId),
      publishedAt: new Date(state.now()).toISOString(),
    });
    if (answerLost(state, [{ network: 'youtube', accountId: channel.id }])) throw youTubeErrors.serverError();
    return {
      kind: 'youtube#commentThread',
      etag: `t${item.sequence}`,
      id: item.postId,
      snippet: {
        channelId: video.accountId,
        videoId: video.postId,
        topLevelComment: commentView(state, item),
        canReply: true,
        totalReplyCount: 0,
        isPublic: true,
      },
    };
  });

  fastify.get<Query>('/youtube/v3/comments', async (request) => {
    await authorizeYouTubeCall(state, request, 'comments.list');
    refuseContractViolations(request, prefix);
    const parentId = request.query.parentId ?? '';
    const parent = state.published.find('youtube', parentId);
    if (!parent || parent.deletedAt || !parent.parentId)
      throw youTubeErrors.notFound(
        'commentNotFound',
        'One or more of the comments identified by the parentId parameter cannot be found.',
      );
    const found = page(
      alive(parentId).map((item) => commentView(state, item)),
      request.query,
    );
    return {
      kind: 'youtube#commentListResponse',
      etag: 'cml',
      pageInfo: { resultsPerPage: found.items.length },
      ...found,
    };
  });

  fastify.post<Query>('/youtube/v3/comments', async (request) => {
    const { channel } = await authorizeYouTubeCall(state, request, 'comments.insert', [
      'token_expired',
      'token_revoked',
      'rate_limited',
      'slow',
      'server_error',
    ]);
    refuseContractViolations(request, prefix);
    const snippet = (request.body as { snippet: { parentId: string; textOriginal: string } }).snippet;
    const parent = state.published.find('youtube', snippet.parentId);
    if (!parent || parent.deletedAt || !parent.parentId)
      throw youTubeErrors.notFound('parentCommentNotFound', 'The specified parent comment could not be found.');
    // Only top-level comments have answers: an answer to an answer is refused.
    const video = videoOf(state, parent);
    if (parent.parentId !== video.postId)
      throw youTubeErrors.badRequest('operationNotSupported', 'Replies can only be made to top-level comments.');
    const item = state.published.record({
      network: 'youtube',
      accountId: channel.id,
      postId: youTubeCommentId(parent.postId),
      text: snippet.textOriginal,
      media: [],
      parentId: parent.postId,
      permalink: youTubePermalink(context.pages, video.postId),
      publishedAt: new Date(state.now()).toISOString(),
    });
    if (answerLost(state, [{ network: 'youtube', accountId: channel.id }])) throw youTubeErrors.serverError();
    return commentView(state, item);
  });
}
