import { arrayField, isRecord, JsonRecord, recordField, stringField } from '../http/json-fields';
import { CommentAnswer, CommentPage, CommentsCall, NetworkComment } from '../network-adapter';
import { GraphApi } from './graph-api';
import { createdId, graphEdge, graphPost, graphRead, node } from './graph-publishing';

/** How many of a parent's newest comments are read when looking for an answer that may already have been made. */
const ANSWERS_LOOKED_AT = '50';

/** What differs between the Graph hosts: Facebook Page comments and Instagram comments. */
export interface GraphCommentDialect {
  /** The fields a comment is read with. */
  fields: string;
  /**
   * How a post's comments are listed with the answers to them. Facebook's `filter=stream` gives
   * every level in one order; Instagram lists top-level comments and nests each one's replies.
   */
  list: { params: Record<string, string>; fields: string };
  /** The answers nested in a listed comment (Instagram's `replies{…}`). */
  nestedReplies(entry: JsonRecord): JsonRecord[];
  /** The edge an answer to `replyToId` is posted to and read from: Facebook nests comments, Instagram has replies. */
  replyEdge: 'comments' | 'replies';
  /** A comment as read, made ours. */
  comment(entry: JsonRecord, call: CommentsCall): NetworkComment | undefined;
}

const FACEBOOK_COMMENT_FIELDS = 'id,message,from,created_time,parent{id}';

export const FACEBOOK_COMMENTS: GraphCommentDialect = {
  fields: FACEBOOK_COMMENT_FIELDS,
  list: { params: { filter: 'stream' }, fields: FACEBOOK_COMMENT_FIELDS },
  nestedReplies: () => [],
  replyEdge: 'comments',
  comment(entry, call) {
    const id = stringField(entry, 'id');
    if (!id) return undefined;
    const from = recordField(entry, 'from');
    const authorId = (from && stringField(from, 'id')) ?? null;
    return {
      id,
      text: stringField(entry, 'message') ?? '',
      authorId,
      authorName: (from && stringField(from, 'name')) ?? null,
      createdAt: graphTime(stringField(entry, 'created_time')),
      replyToId: stringField(recordField(entry, 'parent') ?? {}, 'id') ?? null,
      own: authorId === call.networkAccountId,
    };
  },
};

const INSTAGRAM_COMMENT_FIELDS = 'id,text,username,timestamp,from,parent_id';

export const INSTAGRAM_COMMENTS: GraphCommentDialect = {
  fields: INSTAGRAM_COMMENT_FIELDS,
  list: { params: {}, fields: `${INSTAGRAM_COMMENT_FIELDS},replies{${INSTAGRAM_COMMENT_FIELDS}}` },
  nestedReplies: (entry) => (arrayField(recordField(entry, 'replies') ?? {}, 'data') ?? []).filter(isRecord),
  replyEdge: 'replies',
  comment(entry, call) {
    const id = stringField(entry, 'id');
    if (!id) return undefined;
    const from = recordField(entry, 'from');
    const username = stringField(entry, 'username') ?? (from && stringField(from, 'username')) ?? null;
    return {
      id,
      text: stringField(entry, 'text') ?? '',
      authorId: (from && stringField(from, 'id')) ?? null,
      authorName: username,
      createdAt: graphTime(stringField(entry, 'timestamp')),
      replyToId: stringField(entry, 'parent_id') ?? null,
      own: username !== null && username === call.username,
    };
  },
};

/** Graph writes `2026-11-25T00:16:45+0000`; we answer ISO 8601 with Z. */
function graphTime(value: string | undefined): string {
  const parsed = value ? Date.parse(value.replace(/\+0000$/, 'Z')) : NaN;
  return Number.isNaN(parsed) ? (value ?? '') : new Date(parsed).toISOString();
}

/**
 * `GET /{object-id}/comments?order=reverse_chronological`: one page, newest first, with Graph's
 * `after` cursor, answers to comments included. Instagram's page holds `limit` top-level comments
 * and their replies, all newest first (a reply is always newer than its comment).
 */
export async function listGraphComments(
  api: GraphApi,
  dialect: GraphCommentDialect,
  call: CommentsCall,
  page: { limit: number; cursor: string | undefined },
): Promise<CommentPage> {
  const body = await graphRead(api, node(call.objectId, 'comments'), call.tokens.accessToken, {
    ...dialect.list.params,
    order: 'reverse_chronological',
    fields: dialect.list.fields,
    limit: String(page.limit),
    ...(page.cursor ? { after: page.cursor } : {}),
  });
  const data = arrayField(body, 'data');
  if (!data) throw api.unexpected(`no data in GET /${call.objectId}/comments`);
  const comments = data.filter(isRecord).flatMap((entry) => {
    const comment = dialect.comment(entry, call);
    if (!comment) return [];
    const replies = dialect
      .nestedReplies(entry)
      .map((reply) => dialect.comment(reply, call))
      .filter((reply): reply is NetworkComment => reply !== undefined)
      .map((reply) => ({ ...reply, replyToId: reply.replyToId ?? comment.id }));
    // Replies come oldest first, and each is newer than its comment.
    return [...replies.reverse(), comment];
  });
  // Stable: comments of one second (networks give seconds) keep the order above.
  comments.sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  const paging = recordField(body, 'paging');
  const after = paging && stringField(recordField(paging, 'cursors') ?? {}, 'after');
  return { comments, next: paging && stringField(paging, 'next') && after ? after : undefined };
}

/**
 * Answers as the account: `POST /{object-id}/comments` (message), or under a comment
 * (`/{comment-id}/comments` on Facebook, `/{comment-id}/replies` on Instagram). When resuming, the
 * parent's newest comments are read first and an answer of the account with the same text is adopted.
 */
export async function answerGraphComment(
  api: GraphApi,
  dialect: GraphCommentDialect,
  request: CommentAnswer,
): Promise<string> {
  const path = request.replyToId ? node(request.replyToId, dialect.replyEdge) : node(request.objectId, 'comments');
  const token = request.tokens.accessToken;
  if (request.resuming) {
    const entries = await graphEdge(api, path, token, {
      order: 'reverse_chronological',
      fields: dialect.fields,
      limit: ANSWERS_LOOKED_AT,
    });
    const made = entries
      .map((entry) => dialect.comment(entry, request))
      .find((comment) => comment?.own && comment.text === request.text);
    if (made) return made.id;
  }
  return createdId(api, await graphPost(api, path, token, { message: request.text }), 'a comment');
}
