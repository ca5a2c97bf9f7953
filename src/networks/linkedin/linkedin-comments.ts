import { escapeLittleText, readLittleText } from '../../contracts';
import { arrayField, isRecord, JsonRecord, numberField, recordField, stringField } from '../http/json-fields';
import { CommentAnswer, CommentPage, CommentsCall, NetworkComment } from '../network-adapter';
import { LinkedInApi, restPath } from './linkedin-api';

/** A comment's URN: `urn:li:comment:(urn:li:activity:…,…)` (comments page). */
export const LINKEDIN_COMMENT_ID = /^urn:li:comment:\((urn:li:[A-Za-z]+:[0-9A-Za-z_-]+),[0-9A-Za-z_-]+\)$/;
/** Comments read in one look for our own answer. */
const RESUME_LOOK = 50;

function commentOf(entry: JsonRecord, call: CommentsCall): NetworkComment | undefined {
  const id = stringField(entry, '$URN') ?? stringField(entry, 'commentUrn');
  if (!id) return undefined;
  const actor = stringField(entry, 'actor') ?? null;
  const created = numberField(recordField(entry, 'created') ?? {}, 'time');
  const text = stringField(recordField(entry, 'message') ?? {}, 'text') ?? '';
  return {
    id,
    text: readLittleText(text).text,
    authorId: actor,
    authorName: null,
    createdAt: created !== undefined ? new Date(created).toISOString() : '',
    replyToId: stringField(entry, 'parentComment') ?? null,
    own: actor === call.networkAccountId,
  };
}

/**
 * One page of a post's comments (`GET /rest/socialActions/{post urn}/comments`, Rest.li paging by
 * `start` and `count`: the cursor is the next start), newest first.
 */
export async function listLinkedInComments(
  api: LinkedInApi,
  call: CommentsCall,
  page: { limit: number; cursor: string | undefined },
): Promise<CommentPage> {
  const start = Number(page.cursor ?? '0') || 0;
  const body = await api.read(restPath('socialActions', call.objectId, 'comments'), {
    start: String(start),
    count: String(page.limit),
  });
  const elements = (arrayField(body, 'elements') ?? []).filter(isRecord);
  const comments = elements
    .map((entry) => commentOf(entry, call))
    .filter((comment): comment is NetworkComment => comment !== undefined)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const total = numberField(recordField(body, 'paging') ?? {}, 'total');
  const next = start + elements.length;
  const more = elements.length > 0 && (total === undefined ? elements.length >= page.limit : next < total);
  return { comments, next: more ? String(next) : undefined };
}

/**
 * Answers as the account (`POST /rest/socialActions/{post urn}/comments`, the actor the account's
 * URN, the text in the little text format, `parentComment` for an answer to a comment); the
 * comment's URN from `x-restli-id`. When resuming, the account's comment with this text under the
 * same parent is looked for first and adopted.
 */
export async function answerLinkedInComment(api: LinkedInApi, request: CommentAnswer): Promise<string> {
  const path = restPath('socialActions', request.objectId, 'comments');
  if (request.resuming) {
    const look = await listLinkedInComments(api, request, { limit: RESUME_LOOK, cursor: undefined });
    const mine = look.comments.find(
      (comment) =>
        comment.own && comment.text === request.text && (comment.replyToId ?? undefined) === request.replyToId,
    );
    if (mine) return mine.id;
  }
  const answer = await api.rest('POST', path, {
    json: {
      actor: request.networkAccountId,
      object: request.objectId,
      message: { text: escapeLittleText(request.text) },
      ...(request.replyToId ? { parentComment: request.replyToId } : {}),
    },
  });
  const id = answer.headers['x-restli-id'];
  const body = isRecord(answer.body) ? answer.body : {};
  const urn = id ? decodeURIComponent(id) : (stringField(body, '$URN') ?? stringField(body, 'commentUrn'));
  if (!urn) throw api.unexpected('the created comment has no URN');
  return urn;
}
