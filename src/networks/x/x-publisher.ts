import { worldClientId } from '../apps/test-world-mark';
import { isRecord, recordField, stringField } from '../http/json-fields';
import { PublishOutcome, PublishRequest } from '../network-adapter';
import { XApi } from './x-api';
import { describePartMedia, MediaStep, processedMedia, uploadPartMedia } from './x-media';
import { readXOptions, xTweetFields } from './x-post-options';
import { readXProgress, XProgress, xProgressJson } from './x-progress';
import { findRecentTweet } from './x-recent-tweet';

/**
 * A post's page: `{webUrl}/{username}/status/{id}` (X's API gives no permalink). In a test world,
 * the emulator's page carries the world's mark (`?world=sandbox_<world id>`), as the emulator's
 * own permalinks do, so that the page is looked up in that world.
 */
export function xPermalink(webUrl: string, username: string, tweetId: string, emulatorWorld?: string): string {
  const url = `${webUrl}/${username}/status/${tweetId}`;
  return emulatorWorld === undefined ? url : `${url}?world=${worldClientId(emulatorWorld)}`;
}

/**
 * Publishes a delivery on X with the user's token: each part is a tweet, each after the first a
 * reply to the one before. A part's media are uploaded (and given their alt text) and checkpointed before its tweet is sent,
 * and every tweet before the next; when resuming, the tweet that was in flight is first looked
 * for among the user's recent tweets (by its media when it has any, else by its text).
 */
export async function publishOnX(api: XApi, request: PublishRequest, webUrl: string): Promise<PublishOutcome> {
  let progress = readXProgress(request.progress);
  const save = async (next: XProgress): Promise<void> => {
    progress = next;
    await request.checkpoint(xProgressJson(next));
  };
  const token = request.tokens.accessToken;
  const firstUnrecorded = progress.tweetIds.length;
  // The options describe the post: its first tweet carries them; the thread's replies are plain.
  const options = xTweetFields(readXOptions(request.options));
  for (let index = firstUnrecorded; index < request.parts.length; index++) {
    const part = request.parts[index];
    if (part.media.length > progress.uploads.length) await uploadPartMedia(api, token, part, progress, save);
    if (part.media.some((medium) => medium.altText)) await describePartMedia(api, token, part, progress, save);
    const media: MediaStep =
      part.media.length > 0 ? await processedMedia(api, token, progress, save) : { kind: 'ready', mediaIds: [] };
    if (media.kind === 'poll') return media;
    const replyTo = progress.tweetIds[index - 1];
    const existing =
      request.resuming && index === firstUnrecorded
        ? await findRecentTweet(api, request, { part, uploads: progress.uploads, replyTo })
        : undefined;
    const tweetId =
      existing ?? (await postTweet(api, token, part.text, media.mediaIds, replyTo, index === 0 ? options : {}));
    const next = { tweetIds: [...progress.tweetIds, tweetId], uploads: [] };
    // The last tweet needs no checkpoint of its own: the published state, written next, records it
    // (with every tweet id, for unpublishing), and an attempt cut off in between looks for it among
    // the recent tweets as for any other.
    if (index < request.parts.length - 1) await save(next);
    else progress = next;
  }
  const [first] = progress.tweetIds;
  if (!first) throw api.unexpected('no tweet was posted');
  return {
    kind: 'published',
    platformPostId: first,
    permalink: xPermalink(webUrl, request.username, first, request.app.emulatorWorld),
    progress: xProgressJson(progress),
  };
}

async function postTweet(
  api: XApi,
  token: string,
  text: string,
  mediaIds: string[],
  replyTo: string | undefined,
  options: Record<string, unknown>,
): Promise<string> {
  const body = await api.send({
    method: 'POST',
    url: api.url('/2/tweets'),
    headers: { Authorization: `Bearer ${token}` },
    // X's spec defaults `text` to "" so that it is always sent: its backend refuses a body without it,
    // media-only tweets included (CreatePostsRequest.text).
    json: {
      text,
      ...(mediaIds.length ? { media: { media_ids: mediaIds } } : {}),
      ...(replyTo ? { reply: { in_reply_to_tweet_id: replyTo } } : {}),
      ...options,
    },
  });
  const data = isRecord(body) ? recordField(body, 'data') : undefined;
  const id = data ? stringField(data, 'id') : undefined;
  if (!id) throw api.unexpected('no data.id in the answer to POST /2/tweets');
  return id;
}
