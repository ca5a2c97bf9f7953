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
  /** The edge an answer to `replyToId` is posted to and read from: Facebook nests comments, Instagram has replies. */
  replyEdge: 'comments' | 'replies';
  /** A comment as read, made ours. */
  comment(entry: JsonRecord, call: CommentsCall): NetworkComment | undefined;
}

export const FACEBOOK_COMMENTS: GraphCommentDialect = {
  fields: 'id,message,from,created_time,parent{id}',
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

export const INSTAGRAM_COMMENTS: GraphCommentDialect = {
  fields: 'id,text,username,timestamp,from,parent_id',
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

/** `GET /{object-id}/comments?order=reverse_chronological`: one page, newest first, with Graph's `after` cursor. */
export async function listGraphComments(
  api: GraphApi,
  dialect: GraphCommentDialect,
  call: CommentsCall,
  page: { limit: number; cursor: string | undefined },
): Promise<CommentPage> {
  const body = await graphRead(api, node(call.objectId, 'comments'), call.tokens.accessToken, {
    order: 'reverse_chronological',
    fields: dialect.fields,
    limit: String(page.limit),
    ...(page.cursor ? { after: page.cursor } : {}),
  });
  const data = arrayField(body, 'data');
  if (!data) throw api.unexpected(`no data in GET /${call.objectId}/comments`);
  const comments = data
    .filter(isRecord)
    .map((entry) => dialect.comment(entry, call))
    .filter((comment): comment is NetworkComment => comment !== undefined);
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
