import { arrayField, isRecord, JsonRecord, recordField, stringField } from '../http/json-fields';
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

/**
 * One page of a video's comments: its threads newest first (`commentThreads.list?videoId&order=time`,
 * YouTube's pageToken as the cursor), each thread's top-level comment. Answers under a comment are
 * read with its thread (comments.list by parentId) when an answer is looked for.
 */
export async function listYouTubeComments(
  api: YouTubeApi,
  call: CommentsCall,
  page: { limit: number; cursor: string | undefined },
): Promise<CommentPage> {
  const body = await api.call('GET', 'commentThreads', {
    part: 'snippet',
    videoId: call.objectId,
    order: 'time',
    textFormat: 'plainText',
    maxResults: String(Math.min(Math.max(page.limit, 1), 100)),
    pageToken: page.cursor,
  });
  const comments = (arrayField(body, 'items') ?? [])
    .filter(isRecord)
    .map((thread) => recordField(recordField(thread, 'snippet') ?? {}, 'topLevelComment'))
    .filter(isRecord)
    .map((top) => commentOf(top, call, null))
    .filter((comment): comment is NetworkComment => comment !== undefined);
  return { comments, next: stringField(body, 'nextPageToken') };
}

/** The thread a comment is in: its own id for a top-level comment, the part before the dot for an answer. */
export function youTubeThreadOf(commentId: string): string {
  return commentId.split('.')[0]!;
}

/**
 * Answers a comment as the channel (comments.insert with snippet.parentId: YouTube's answers sit under
 * the thread's top-level comment, so an answer to an answer goes under its thread). YouTube has no
 * comment on the video itself through this call: answering the video (no replyToId) is refused by
 * the service before. When resuming, the channel's answer with this text in the thread is looked
 * for first and adopted.
 */
export async function answerYouTubeComment(api: YouTubeApi, request: CommentAnswer): Promise<string> {
  const parentId = youTubeThreadOf(request.replyToId ?? '');
  if (request.resuming) {
    const look = await api.call('GET', 'comments', {
      part: 'snippet',
      parentId,
      maxResults: String(RESUME_LOOK),
      textFormat: 'plainText',
    });
    const mine = (arrayField(look, 'items') ?? [])
      .filter(isRecord)
      .map((resource) => commentOf(resource, request, parentId))
      .find((comment) => comment?.own && comment.text === request.text);
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
