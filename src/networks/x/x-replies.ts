import { arrayField, isRecord, JsonRecord, recordField, stringField } from '../http/json-fields';
import { CommentAnswer, CommentPage, CommentsCall, NetworkComment } from '../network-adapter';
import { XApi } from './x-api';
import { POST_FIELDS, repliedTo } from './x-post-fields';
import { comparableTweetText } from './x-recent-tweet';

/** X answers 10 to 100 tweets per page of a recent search. */
const SEARCH_MIN = 10;
const SEARCH_MAX = 100;
/** How many of the account's latest tweets are read when looking for a reply that may already have been made. */
const RECENT_TWEETS_LOOKED_AT = '20';

const bearer = (call: CommentsCall) => ({ Authorization: `Bearer ${call.tokens.accessToken}` });

/** The usernames of the authors X expanded (`includes.users`), by id. */
function usernames(body: JsonRecord): Map<string, string> {
  const users = (arrayField(recordField(body, 'includes') ?? {}, 'users') ?? []).filter(isRecord);
  return new Map(
    users.flatMap((user) => {
      const id = stringField(user, 'id');
      const username = stringField(user, 'username');
      return id && username ? [[id, username] as const] : [];
    }),
  );
}

/**
 * The replies in the delivery's conversation, newest first: `GET /2/tweets/search/recent` with
 * `conversation_id:<id>` (X keeps 7 days searchable), paged by `next_token`. X's pages hold 10 to
 * 100 tweets, so a smaller limit is answered with up to 10: cutting X's page would lose the rest.
 */
export async function listXReplies(
  api: XApi,
  call: CommentsCall,
  page: { limit: number; cursor: string | undefined },
): Promise<CommentPage> {
  const body = await api.send({
    method: 'GET',
    url: api.url('/2/tweets/search/recent'),
    query: {
      query: `conversation_id:${call.objectId}`,
      max_results: String(Math.min(SEARCH_MAX, Math.max(SEARCH_MIN, page.limit))),
      [POST_FIELDS]: 'created_at',
      expansions: 'author_id,referenced_posts',
      'user.fields': 'username',
      ...(page.cursor ? { next_token: page.cursor } : {}),
    },
    headers: bearer(call),
  });
  if (!isRecord(body)) throw api.unexpected('GET /2/tweets/search/recent answered without an object');
  const names = usernames(body);
  const comments = (arrayField(body, 'data') ?? []).filter(isRecord).flatMap((tweet): NetworkComment[] => {
    const id = stringField(tweet, 'id');
    if (!id) return [];
    const authorId = stringField(tweet, 'author_id') ?? null;
    const parent = repliedTo(tweet) ?? null;
    return [
      {
        id,
        text: stringField(tweet, 'text') ?? '',
        authorId,
        authorName: (authorId && names.get(authorId)) ?? null,
        createdAt: stringField(tweet, 'created_at') ?? '',
        replyToId: parent === call.objectId ? null : parent,
        own: authorId === call.networkAccountId,
      },
    ];
  });
  const meta = recordField(body, 'meta');
  return { comments, next: (meta && stringField(meta, 'next_token')) ?? undefined };
}

/**
 * Replies as the account: `POST /2/tweets` with `reply.in_reply_to_tweet_id`. When resuming, the
 * account's latest tweets are read first and a reply to the same tweet with the same text is adopted.
 */
export async function answerOnX(api: XApi, request: CommentAnswer): Promise<string> {
  const target = request.replyToId ?? request.objectId;
  if (request.resuming) {
    const found = await findReply(api, request, target);
    if (found) return found;
  }
  const body = await api.send({
    method: 'POST',
    url: api.url('/2/tweets'),
    json: { text: request.text, reply: { in_reply_to_tweet_id: target } },
    headers: bearer(request),
  });
  const id = isRecord(body) ? stringField(recordField(body, 'data') ?? {}, 'id') : undefined;
  if (!id) throw api.unexpected('no data.id in the answer to POST /2/tweets');
  return id;
}

async function findReply(api: XApi, request: CommentAnswer, target: string): Promise<string | undefined> {
  const wanted = comparableTweetText(request.text);
  if (!wanted) return undefined;
  const body = await api.send({
    method: 'GET',
    url: api.url(`/2/users/${encodeURIComponent(request.networkAccountId)}/tweets`),
    query: { max_results: RECENT_TWEETS_LOOKED_AT, [POST_FIELDS]: 'created_at', expansions: 'referenced_posts' },
    headers: bearer(request),
  });
  const tweets = (isRecord(body) ? (arrayField(body, 'data') ?? []) : []).filter(isRecord);
  const match = tweets.find(
    (tweet) => repliedTo(tweet) === target && comparableTweetText(stringField(tweet, 'text') ?? '') === wanted,
  );
  return match ? stringField(match, 'id') : undefined;
}
