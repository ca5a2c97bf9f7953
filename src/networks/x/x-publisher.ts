import { extractUrls } from 'twitter-text';
import { arrayField, isRecord, recordField, stringField } from '../http/json-fields';
import { PostPart, PublishOutcome, PublishRequest } from '../network-adapter';
import { XApi } from './x-api';
import { MediaStep, processedMedia, uploadPartMedia } from './x-media';
import { readXProgress, XProgress, xProgressJson } from './x-progress';

/** How many of the user's latest tweets are searched for one an interrupted attempt may have made. */
const RECENT_TWEETS_LOOKED_AT = '10';

export function xPermalink(username: string, tweetId: string): string {
  return `https://x.com/${username}/status/${tweetId}`;
}

/**
 * Publishes a delivery on X with the user's token: each part is a tweet, each after the first a
 * reply to the one before. Every tweet is checkpointed before the next is sent; when resuming,
 * the tweet that was in flight is first looked for among the user's recent tweets.
 */
export async function publishOnX(api: XApi, request: PublishRequest): Promise<PublishOutcome> {
  let progress = readXProgress(request.progress);
  const save = async (next: XProgress): Promise<void> => {
    progress = next;
    await request.checkpoint(xProgressJson(next));
  };
  const token = request.tokens.accessToken;
  const firstUnrecorded = progress.tweetIds.length;
  for (let index = firstUnrecorded; index < request.parts.length; index++) {
    const part = request.parts[index];
    if (part.media.length > progress.uploads.length) await uploadPartMedia(api, token, part, progress, save);
    const media: MediaStep = part.media.length > 0 ? await processedMedia(api, token, progress, save) : { kind: 'ready', mediaIds: [] };
    if (media.kind === 'poll') return media;
    const replyTo = progress.tweetIds[index - 1];
    const existing = request.resuming && index === firstUnrecorded ? await findRecentTweet(api, request, part, replyTo) : undefined;
    const tweetId = existing ?? (await postTweet(api, token, part.text, media.mediaIds, replyTo));
    const next = { tweetIds: [...progress.tweetIds, tweetId], uploads: [] };
    // The last tweet needs no checkpoint of its own: the published state, written next, records it,
    // and an attempt cut off in between looks for it among the recent tweets as for any other.
    if (index < request.parts.length - 1) await save(next);
    else progress = next;
  }
  const [first] = progress.tweetIds;
  if (!first) throw api.unexpected('no tweet was posted');
  return { kind: 'published', platformPostId: first, permalink: xPermalink(request.username, first) };
}

async function postTweet(api: XApi, token: string, text: string, mediaIds: string[], replyTo: string | undefined): Promise<string> {
  const body = await api.send({
    method: 'POST',
    url: api.url('/2/tweets'),
    headers: { Authorization: `Bearer ${token}` },
    json: {
      ...(text ? { text } : {}),
      ...(mediaIds.length ? { media: { media_ids: mediaIds } } : {}),
      ...(replyTo ? { reply: { in_reply_to_tweet_id: replyTo } } : {}),
    },
  });
  const data = isRecord(body) ? recordField(body, 'data') : undefined;
  const id = data ? stringField(data, 'id') : undefined;
  if (!id) throw api.unexpected('no data.id in the answer to POST /2/tweets');
  return id;
}

/**
 * Text as X shows it back, made comparable: X answers with its links shortened to t.co (and adds
 * one for attached media) and with &, < and > escaped, so links are left out and entities undone.
 */
export function comparableTweetText(text: string): string {
  const unescaped = text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  // twitter-text finds links without a scheme; the pattern catches schemed ones on TLDs it does not know.
  const withoutLinks = extractUrls(unescaped)
    .reduce((rest, url) => rest.split(url).join(' '), unescaped)
    .replace(/https?:\/\/\S+/gi, ' ');
  return withoutLinks.replace(/\s+/g, ' ').trim();
}

/** The id of the tweet this one replies to, when X says (`referenced_tweets`). */
function repliedTo(tweet: Record<string, unknown>): string | null | undefined {
  const references = arrayField(tweet, 'referenced_tweets');
  if (!references) return undefined;
  const reply = references.filter(isRecord).find((reference) => stringField(reference, 'type') === 'replied_to');
  return reply ? (stringField(reply, 'id') ?? null) : null;
}

/**
 * The newest of the user's recent tweets with this part's text (and, when X tells, replying to the
 * right tweet). A part without text besides links cannot be recognised this way; none is looked for.
 */
async function findRecentTweet(api: XApi, request: PublishRequest, part: PostPart, replyTo: string | undefined): Promise<string | undefined> {
  const wanted = comparableTweetText(part.text);
  if (!wanted) return undefined;
  const body = await api.send({
    method: 'GET',
    url: api.url(`/2/users/${encodeURIComponent(request.networkAccountId)}/tweets`),
    query: { max_results: RECENT_TWEETS_LOOKED_AT, 'tweet.fields': 'created_at,referenced_tweets' },
    headers: { Authorization: `Bearer ${request.tokens.accessToken}` },
  });
  const tweets = (isRecord(body) ? (arrayField(body, 'data') ?? []) : []).filter(isRecord);
  const match = tweets.find((tweet) => {
    const parent = repliedTo(tweet);
    const sameParent = parent === undefined || parent === (replyTo ?? null);
    return sameParent && comparableTweetText(stringField(tweet, 'text') ?? '') === wanted;
  });
  return match ? stringField(match, 'id') : undefined;
}
