import { arrayField, isRecord, JsonRecord, numberField, recordField, stringField } from '../http/json-fields';
import { CommentAnswer, CommentPage, CommentsCall, NetworkComment } from '../network-adapter';
import { YouTubeApi } from './youtube-api';

/** A comment's id: a top-level one (`Ugz…`), or an answer's (`{top-level id}.{id}`). */
export const YOUTUBE_COMMENT_ID = /^[A-Za-z0-9_-]{10,}(\.[A-Za-z0-9_-]{10,})?$/;
/** Answers read in one look for our own. */
const RESUME_LOOK = 100;

function commentOf(resource: JsonRecord, call: CommentsCall, replyToId: string | null): NetworkComment | undefined {
  const id = stringField(resource, 'id');
  const snippet = recordField(resource, 'snippet');
  if (!id || !snippet) return undefined;
  const author = stringField(recordField(snippet, 'authorChannelId') ?? {}, 'value') ?? null;
  return {
    id,
    text: stringField(snippet, 'textOriginal') ?? stringField(snippet, 'textDisplay') ?? '',
    authorId: author,
    authorName: stringField(snippet, 'authorDisplayName') ?? null,
    createdAt: stringField(snippet, 'publishedAt') ?? '',
    replyToId,
    own: author === call.networkAccountId,
  };
}

/** A thread's answers beyond those it shows: `comments.list` by parentId, up to 100. */
async function answersOf(api: YouTubeApi, call: CommentsCall, threadId: string): Promise<NetworkComment[]> {
  const body = await api.call('GET', 'comments', {
    part: 'snippet',
    parentId: threadId,
    maxResults: String(RESUME_LOOK),
    textFormat: 'plainText',
  });
  return (arrayField(body, 'items') ?? [])
    .filter(isRecord)
    .map((resource) => commentOf(resource, call, threadId))
    .filter((comment): comment is NetworkComment => comment !== undefined);
}

/**
 * One page of a video's comments: a page of its threads (`commentThreads.list?videoId&order=time`
 * with their answers, YouTube's pageToken as the cursor), each thread's top-level comment and its
 * answers (those the thread shows, or all from comments.list when it has more), newest first.
 */
export async function listYouTubeComments(
  api: YouTubeApi,
  call: CommentsCall,
  page: { limit: number; cursor: string | undefined },
): Promise<CommentPage> {
  const body = await api.call('GET', 'commentThreads', {
    part: 'snippet,replies',
    videoId: call.objectId,
    order: 'time',
    textFormat: 'plainText',
    maxResults: String(Math.min(Math.max(page.limit, 1), 100)),
    pageToken: page.cursor,
  });
  const comments: NetworkComment[] = [];
  for (const thread of (arrayField(body, 'items') ?? []).filter(isRecord)) {
    const snippet = recordField(thread, 'snippet') ?? {};
    const top = recordField(snippet, 'topLevelComment');
    const first = top ? commentOf(top, call, null) : undefined;
    if (!first) continue;
    comments.push(first);
    const shown = (arrayField(recordField(thread, 'replies') ?? {}, 'comments') ?? [])
      .filter(isRecord)
      .map((resource) => commentOf(resource, call, first.id))
      .filter((comment): comment is NetworkComment => comment !== undefined);
    const total = numberField(snippet, 'totalReplyCount') ?? shown.length;
    comments.push(...(total > shown.length ? await answersOf(api, call, first.id) : shown));
  }
  comments.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return { comments, next: stringField(body, 'nextPageToken') };
}

/** The thread a comment is in: its own id for a top-level comment, the part before the dot for an answer. */
export function youTubeThreadOf(commentId: string): string {
  return commentId.split('.')[0]!;
}

/**
 * Answers as the channel: a comment's thread with comments.insert (snippet.parentId: YouTube's
 * answers sit under the thread's top-level comment, so an answer to an answer goes under its
 * thread), or the video itself with commentThreads.insert (a top-level comment). When resuming,
 * the channel's comment with this text there is looked for first and adopted.
 */
export async function answerYouTubeComment(api: YouTubeApi, request: CommentAnswer): Promise<string> {
  if (!request.replyToId) return commentOnVideo(api, request);
  const parentId = youTubeThreadOf(request.replyToId);
  if (request.resuming) {
    const mine = (await answersOf(api, request, parentId)).find(
      (comment) => comment.own && comment.text === request.text,
    );
    if (mine) return mine.id;
  }
  const body = await api.call(
    'POST',
    'comments',
    { part: 'snippet' },
    { snippet: { parentId, textOriginal: request.text } },
  );
  const id = stringField(body, 'id');
  if (!id) throw api.unexpected('the created comment has no id');
  return id;
}

async function commentOnVideo(api: YouTubeApi, request: CommentAnswer): Promise<string> {
  if (request.resuming) {
    const look = await listYouTubeComments(api, request, { limit: RESUME_LOOK, cursor: undefined });
    const mine = look.comments.find(
      (comment) => comment.own && comment.replyToId === null && comment.text === request.text,
    );
    if (mine) return mine.id;
  }
  const body = await api.call(
    'POST',
    'commentThreads',
    { part: 'snippet' },
    { snippet: { videoId: request.objectId, topLevelComment: { snippet: { textOriginal: request.text } } } },
  );
  const id = stringField(body, 'id');
  if (!id) throw api.unexpected('the created comment thread has no id');
  return id;
}
