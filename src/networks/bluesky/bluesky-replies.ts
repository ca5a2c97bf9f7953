import { arrayField, isRecord, JsonRecord, recordField, stringField } from '../http/json-fields';
import type { CommentAnswer, CommentPage, CommentsCall, NetworkComment } from '../network-adapter';
import { NetworkError } from '../network-error';
import { POST_COLLECTION, StrongRef } from './bluesky-at-uri';
import { createRecord } from './bluesky-records';
import { BlueskyXrpc } from './bluesky-xrpc';

/** How deep getPostThread reads the replies (its lexicon allows up to 1000; 10 levels hold any conversation worth answering). */
const THREAD_DEPTH = 10;

interface ThreadReply {
  post: JsonRecord;
  parentUri: string;
}

/** The post views of a thread's replies, each with the post it answers, at any depth. */
function repliesOf(node: JsonRecord, out: ThreadReply[] = []): ThreadReply[] {
  const parentUri = stringField(recordField(node, 'post') ?? {}, 'uri');
  for (const reply of arrayField(node, 'replies') ?? []) {
    // A blocked or deleted reply is a #blockedPost / #notFoundPost without a post view: skipped.
    if (!isRecord(reply) || !recordField(reply, 'post') || !parentUri) continue;
    out.push({ post: recordField(reply, 'post')!, parentUri });
    repliesOf(reply, out);
  }
  return out;
}

async function thread(api: BlueskyXrpc, call: CommentsCall): Promise<JsonRecord> {
  const body = await api.query(
    'app.bsky.feed.getPostThread',
    { uri: call.objectId, depth: THREAD_DEPTH, parentHeight: 0 },
    call.tokens.accessToken,
  );
  const root = isRecord(body) ? recordField(body, 'thread') : undefined;
  if (!root || !recordField(root, 'post'))
    throw new NetworkError(api.network, 'permanent', 'Bluesky no longer has this post', { code: 'NotFound' });
  return root;
}

function commentOf(reply: ThreadReply, call: CommentsCall): NetworkComment | undefined {
  const uri = stringField(reply.post, 'uri');
  if (!uri) return undefined;
  const author = recordField(reply.post, 'author') ?? {};
  const record = recordField(reply.post, 'record') ?? {};
  const authorId = stringField(author, 'did') ?? null;
  return {
    id: uri,
    text: stringField(record, 'text') ?? '',
    authorId,
    authorName: stringField(author, 'handle') ?? null,
    createdAt: stringField(record, 'createdAt') ?? stringField(reply.post, 'indexedAt') ?? '',
    replyToId: reply.parentUri === call.objectId ? null : reply.parentUri,
    own: authorId === call.networkAccountId,
  };
}

/**
 * The replies under a post, at any depth, newest first: `app.bsky.feed.getPostThread` answers the
 * whole thread at once, so the cursor is how many were given already.
 */
export async function listBlueskyReplies(
  api: BlueskyXrpc,
  call: CommentsCall,
  page: { limit: number; cursor: string | undefined },
): Promise<CommentPage> {
  const comments = repliesOf(await thread(api, call))
    .map((reply) => commentOf(reply, call))
    .filter((comment): comment is NetworkComment => comment !== undefined)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const from = page.cursor && /^\d+$/.test(page.cursor) ? Number(page.cursor) : 0;
  const to = from + Math.max(1, page.limit);
  return { comments: comments.slice(from, to), next: to < comments.length ? String(to) : undefined };
}

/**
 * Replies as the account: a post whose `reply` names the thread's root and the answered post. When
 * resuming, the thread is read first and the account's own reply with the same text under the same
 * post is adopted.
 */
export async function answerOnBluesky(api: BlueskyXrpc, request: CommentAnswer): Promise<string> {
  const root = await thread(api, request);
  const targetUri = request.replyToId ?? request.objectId;
  const replies = repliesOf(root);
  if (request.resuming) {
    const found = replies.find(
      (reply) =>
        reply.parentUri === targetUri &&
        stringField(recordField(reply.post, 'author') ?? {}, 'did') === request.networkAccountId &&
        stringField(recordField(reply.post, 'record') ?? {}, 'text') === request.text,
    );
    const uri = found && stringField(found.post, 'uri');
    if (uri) return uri;
  }
  const refOf = (post: JsonRecord | undefined): StrongRef | undefined => {
    const uri = post && stringField(post, 'uri');
    const cid = post && stringField(post, 'cid');
    return uri && cid ? { uri, cid } : undefined;
  };
  const rootPost = recordField(root, 'post');
  const rootRef = refOf(rootPost);
  const parentRef =
    targetUri === request.objectId
      ? rootRef
      : refOf(replies.find((r) => stringField(r.post, 'uri') === targetUri)?.post);
  if (!rootRef || !parentRef)
    throw new NetworkError(api.network, 'permanent', `Bluesky has no reply ${targetUri} under this post`, {
      code: 'NotFound',
    });
  // The post's own root, when it is itself a reply (a comment on a thread's later part).
  const threadRoot =
    refOf(recordField(recordField(recordField(rootPost ?? {}, 'record') ?? {}, 'reply') ?? {}, 'root')) ?? rootRef;
  const record = {
    $type: POST_COLLECTION,
    text: request.text,
    createdAt: new Date().toISOString(),
    reply: { root: threadRoot, parent: parentRef },
  };
  const created = await createRecord(
    api,
    request.networkAccountId,
    POST_COLLECTION,
    record,
    request.tokens.accessToken,
  );
  return created.uri;
}
