import { recordField, stringField } from '../http/json-fields';
import { CommentAnswer, CommentPage, CommentsCall, NetworkComment } from '../network-adapter';
import { NetworkError } from '../network-error';
import { ThreadsApi, threadsNode } from './threads-api';

const REPLY_FIELDS = 'id,text,timestamp,username,replied_to,is_reply_owned_by_me';
/** Reads of a reply's container before giving the answer up for this attempt, and the wait between them. */
const ANSWER_READS = 5;
const ANSWER_READ_WAIT_MS = 2_000;

function threadsTime(value: string | undefined): string {
  const parsed = value ? Date.parse(value.replace(/\+0000$/, 'Z')) : NaN;
  return Number.isNaN(parsed) ? (value ?? '') : new Date(parsed).toISOString();
}

function commentOf(entry: Record<string, unknown>, objectId: string): NetworkComment | undefined {
  const id = stringField(entry, 'id');
  if (!id) return undefined;
  const parent = stringField(recordField(entry, 'replied_to') ?? {}, 'id');
  return {
    id,
    text: stringField(entry, 'text') ?? '',
    authorId: null,
    authorName: stringField(entry, 'username') ?? null,
    createdAt: threadsTime(stringField(entry, 'timestamp')),
    replyToId: parent && parent !== objectId ? parent : null,
    own: entry.is_reply_owned_by_me === true,
  };
}

/**
 * A post's replies at every depth (`GET /{threads-media-id}/conversation`, newest first by
 * `reverse`'s default), one page of Threads' size (`page.limit` cannot be asked of it).
 */
export async function listThreadsReplies(
  api: ThreadsApi,
  call: CommentsCall,
  page: { limit: number; cursor: string | undefined },
): Promise<CommentPage> {
  const list = await api.list(threadsNode(call.objectId, 'conversation'), call.tokens.accessToken, {
    fields: REPLY_FIELDS,
    reverse: 'true',
    ...(page.cursor ? { after: page.cursor } : {}),
  });
  const comments = list.entries
    .map((entry) => commentOf(entry, call.objectId))
    .filter((comment): comment is NetworkComment => comment !== undefined);
  // The edge takes no `limit` (the reply-management reference lists fields, reverse, before and
  // after) and gives no `next` link: a page with entries may have one after it, an empty one ends.
  return { comments, next: list.entries.length > 0 ? list.after : undefined };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Answers as the profile: a TEXT container replying to the comment (or the post), read until
 * FINISHED, then threads_publish. When resuming, the profile's reply with this text under the same
 * parent is looked for first and adopted. A container still not ready after a few reads is left
 * (it is never published; Threads lets it expire) and the attempt fails for a retry, which looks
 * again before making another.
 */
export async function answerThreadsReply(
  api: ThreadsApi,
  request: CommentAnswer,
  waitMs = ANSWER_READ_WAIT_MS,
): Promise<string> {
  const parentId = request.replyToId ?? request.objectId;
  const token = request.tokens.accessToken;
  if (request.resuming) {
    const made = await api.list(threadsNode(parentId, 'replies'), token, {
      fields: REPLY_FIELDS,
      reverse: 'true',
    });
    const mine = made.entries.find(
      (entry) => entry.is_reply_owned_by_me === true && stringField(entry, 'text') === request.text,
    );
    const id = mine && stringField(mine, 'id');
    if (id) return id;
  }
  const container = api.createdId(
    await api.post(threadsNode(request.networkAccountId, 'threads'), token, {
      media_type: 'TEXT',
      text: request.text,
      reply_to_id: parentId,
    }),
    'POST /{threads-user-id}/threads',
  );
  for (let read = 0; read < ANSWER_READS; read++) {
    const status = stringField(
      await api.read(threadsNode(container), token, { fields: 'id,status,error_message' }),
      'status',
    );
    if (status === 'FINISHED') {
      const published = await api.post(threadsNode(request.networkAccountId, 'threads_publish'), token, {
        creation_id: container,
      });
      return api.createdId(published, 'POST /{threads-user-id}/threads_publish');
    }
    if (status !== 'IN_PROGRESS')
      throw new NetworkError('threads', 'permanent', `The reply's container ended ${status ?? 'without a status'}`, {
        code: status,
      });
    await sleep(waitMs);
  }
  throw new NetworkError(
    'threads',
    'transient',
    "The reply's container was not ready to publish; a retry looks for it first",
  );
}
