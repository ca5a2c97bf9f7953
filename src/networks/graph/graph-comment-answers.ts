import { arrayField, isRecord, JsonRecord, recordField, stringField } from '../http/json-fields';
import { CommentAnswer, CommentPage, CommentsCall, NetworkComment } from '../network-adapter';
import { NetworkError } from '../network-error';
import { GraphApi } from './graph-api';
import { createdId, graphPost, graphRead, node } from './graph-publishing';

/** A page of a parent's comments read when looking for an answer that may already have been made (Instagram's most). */
const ANSWERS_LOOKED_AT = '50';
/** Pages read at most, on an edge of no known order, when looking for such an answer: 1,000 comments. */
const ANSWER_LOOKUP_PAGES = 20;

/** What differs between the Graph hosts: Facebook Page comments and Instagram comments. */
export interface GraphCommentDialect {
  /** The fields a comment is read with. */
  fields: string;
  /**
   * How a post's comments are listed with the answers to them. Facebook's `filter=stream` gives
   * every level in one order; Instagram lists top-level comments and nests each one's replies.
   */
  list: { params: Record<string, string>; fields: string };
  /**
   * The answers nested in a listed comment (Instagram's `replies{…}`), and the cursor to read the
   * rest on with when the nested edge has more (Graph pages nested edges too).
   */
  nestedReplies(entry: JsonRecord): { entries: JsonRecord[]; after: string | undefined };
  /** The edge an answer to `replyToId` is posted to and read from: Facebook nests comments, Instagram has replies. */
  replyEdge: 'comments' | 'replies';
  /**
   * How a parent's comments are read when looking for an answer a cut-off attempt may have made
   * (`toComment`: under a comment rather than the post): the parameters, and whether the edge is
   * newest first, so that its first page holds the answer; otherwise every page is looked at.
   */
  answerLookup(toComment: boolean): { params: Record<string, string>; newestFirst: boolean };
  /** A comment as read, made ours. */
  comment(entry: JsonRecord, call: CommentsCall): NetworkComment | undefined;
}

const FACEBOOK_COMMENT_FIELDS = 'id,message,from,created_time,parent{id}';

export const FACEBOOK_COMMENTS: GraphCommentDialect = {
  fields: FACEBOOK_COMMENT_FIELDS,
  // Facebook's comments edges take `order` (chronological by default): newest first.
  list: { params: { filter: 'stream', order: 'reverse_chronological' }, fields: FACEBOOK_COMMENT_FIELDS },
  nestedReplies: () => ({ entries: [], after: undefined }),
  replyEdge: 'comments',
  answerLookup: () => ({ params: { order: 'reverse_chronological' }, newestFirst: true }),
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

/**
 * Instagram's comments and replies edges take no `order` (Meta's SDK methods for them take no
 * parameters). A medium's comments come newest first ("version 3.2+ … reverse chronological
 * order", developers.facebook.com/documentation/instagram-platform/instagram-graph-api/reference/
 * ig-media/comments); the order of a comment's replies is not documented, so nothing relies on it.
 */
export const INSTAGRAM_COMMENTS: GraphCommentDialect = {
  fields: INSTAGRAM_COMMENT_FIELDS,
  list: { params: {}, fields: `${INSTAGRAM_COMMENT_FIELDS},replies{${INSTAGRAM_COMMENT_FIELDS}}` },
  nestedReplies(entry) {
    const replies = recordField(entry, 'replies') ?? {};
    return { entries: (arrayField(replies, 'data') ?? []).filter(isRecord), after: nextCursor(replies) };
  },
  replyEdge: 'replies',
  answerLookup: (toComment) => ({ params: {}, newestFirst: !toComment }),
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
 * `GET /{object-id}/comments`: one page, newest first, with Graph's `after` cursor, answers to
 * comments included. Instagram's page holds `limit` top-level comments and their replies, all
 * newest first (a reply is always newer than its comment).
 */
export async function listGraphComments(
  api: GraphApi,
  dialect: GraphCommentDialect,
  call: CommentsCall,
  page: { limit: number; cursor: string | undefined },
): Promise<CommentPage> {
  const body = await graphRead(api, node(call.objectId, 'comments'), call.tokens.accessToken, {
    ...dialect.list.params,
    fields: dialect.list.fields,
    limit: String(page.limit),
    ...(page.cursor ? { after: page.cursor } : {}),
  });
  const data = arrayField(body, 'data');
  if (!data) throw api.unexpected(`no data in GET /${call.objectId}/comments`);
  const comments: NetworkComment[] = [];
  const replyBudget = { pages: REPLY_PAGES_PER_LIST };
  for (const entry of data.filter(isRecord)) {
    const comment = dialect.comment(entry, call);
    if (!comment) continue;
    const nested = dialect.nestedReplies(entry);
    const entries = nested.after
      ? [...nested.entries, ...(await remainingReplies(api, dialect, call, comment.id, nested.after, replyBudget))]
      : nested.entries;
    const replies = entries
      .map((reply) => dialect.comment(reply, call))
      .filter((reply): reply is NetworkComment => reply !== undefined)
      .map((reply) => ({ ...reply, replyToId: reply.replyToId ?? comment.id }));
    // Replies come in no documented order: newest first by their time; each is newer than its comment.
    comments.push(...newestFirst(replies), comment);
  }
  // Stable: comments of one second (networks give seconds) keep the order above.
  comments.sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  return { comments, next: nextCursor(body) };
}

/** Comments newest first by their time; those of one second keep the order they came in. */
function newestFirst(comments: NetworkComment[]): NetworkComment[] {
  return [...comments].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

/**
 * Pages of replies read on past the nested ones, at most, per page of the list (each of 50): a
 * page of comments costs at most 1 + 4 calls, whoever reads it, the scan or a customer's request.
 */
const REPLY_PAGES_PER_LIST = 4;

/**
 * The rest of a comment's replies, past those nested in the list read, from its replies edge, as
 * far as the list's budget goes. A comment deleted meanwhile has no more replies to read.
 */
async function remainingReplies(
  api: GraphApi,
  dialect: GraphCommentDialect,
  call: CommentsCall,
  commentId: string,
  after: string,
  budget: { pages: number },
): Promise<JsonRecord[]> {
  const entries: JsonRecord[] = [];
  let cursor: string | undefined = after;
  while (cursor && budget.pages > 0) {
    budget.pages -= 1;
    let body: JsonRecord;
    try {
      body = await graphRead(api, node(commentId, dialect.replyEdge), call.tokens.accessToken, {
        fields: dialect.fields,
        limit: '50',
        after: cursor,
      });
    } catch (error) {
      if (error instanceof NetworkError && error.kind === 'permanent') break;
      throw error;
    }
    entries.push(...(arrayField(body, 'data') ?? []).filter(isRecord));
    cursor = nextCursor(body);
  }
  return entries;
}

/** Graph's cursor to the next page of an edge, when it says there is one. */
function nextCursor(edge: JsonRecord): string | undefined {
  const paging = recordField(edge, 'paging');
  const after = paging && stringField(recordField(paging, 'cursors') ?? {}, 'after');
  return paging && stringField(paging, 'next') && after ? after : undefined;
}

/**
 * Answers as the account: `POST /{object-id}/comments` (message), or under a comment
 * (`/{comment-id}/comments` on Facebook, `/{comment-id}/replies` on Instagram). When resuming, an
 * answer of the account with the same text is looked for first and adopted.
 */
export async function answerGraphComment(
  api: GraphApi,
  dialect: GraphCommentDialect,
  request: CommentAnswer,
): Promise<string> {
  const path = request.replyToId ? node(request.replyToId, dialect.replyEdge) : node(request.objectId, 'comments');
  const token = request.tokens.accessToken;
  if (request.resuming) {
    const made = await findAnswer(api, dialect, request, path);
    if (made) return made;
  }
  return createdId(api, await graphPost(api, path, token, { message: request.text }), 'a comment');
}

/**
 * The newest answer of the account with the request's text under its parent. On a newest-first
 * edge the first page holds it; on one of no known order (Instagram's replies) every page is read,
 * up to ANSWER_LOOKUP_PAGES, and the newest match by time wins.
 */
async function findAnswer(
  api: GraphApi,
  dialect: GraphCommentDialect,
  request: CommentAnswer,
  path: string,
): Promise<string | undefined> {
  const lookup = dialect.answerLookup(request.replyToId !== undefined);
  const matches: NetworkComment[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < (lookup.newestFirst ? 1 : ANSWER_LOOKUP_PAGES); page++) {
    const body = await graphRead(api, path, request.tokens.accessToken, {
      ...lookup.params,
      fields: dialect.fields,
      limit: ANSWERS_LOOKED_AT,
      ...(cursor ? { after: cursor } : {}),
    });
    const entries = (arrayField(body, 'data') ?? []).filter(isRecord);
    const made = entries
      .map((entry) => dialect.comment(entry, request))
      .filter((comment): comment is NetworkComment => comment?.own === true && comment.text === request.text);
    if (lookup.newestFirst) return made[0]?.id;
    matches.push(...made);
    cursor = nextCursor(body);
    if (!cursor) break;
  }
  return newestFirst(matches)[0]?.id;
}
