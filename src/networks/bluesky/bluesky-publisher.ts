import { arrayField, isRecord, recordField, stringField } from '../http/json-fields';
import type { PostPart, PublishOutcome, PublishProgress, PublishRequest } from '../network-adapter';
import { NetworkError } from '../network-error';
import { parseAtUri, POST_COLLECTION, StrongRef } from './bluesky-at-uri';
import { BLUESKY_LIMITS } from './bluesky-lexicon-limits';
import { readBlueskyOptions, BlueskyPostOptions } from './bluesky-post-options';
import { createRecord, embedOf, postRef, threadgateAllow, uploadImage } from './bluesky-records';
import { facetsOf } from './bluesky-rich-text';
import { BlueskyXrpc } from './bluesky-xrpc';

/** What publishing records between attempts: the posts made (first the post, then its replies) and the gates. */
export interface BlueskyProgress {
  posts: StrongRef[];
  threadgate?: boolean;
  postgate?: boolean;
}

export function blueskyProgressOf(progress: PublishProgress): BlueskyProgress {
  const posts = Array.isArray(progress.posts)
    ? progress.posts.filter(
        (ref): ref is StrongRef => isRecord(ref) && typeof ref.uri === 'string' && typeof ref.cid === 'string',
      )
    : [];
  return { posts, threadgate: progress.threadgate === true, postgate: progress.postgate === true };
}

/** The post's page on Bluesky's app: `/profile/<handle>/post/<rkey>`. */
export function blueskyPermalink(webUrl: string, handle: string, uri: string): string | null {
  const parts = parseAtUri(uri);
  return parts ? `${webUrl}/profile/${handle}/post/${parts.rkey}` : null;
}

/** The reply references of part `index`: the thread's root and the part before (app.bsky.feed.post#replyRef). */
function replyOf(posts: StrongRef[], index: number): Record<string, unknown> | undefined {
  if (index === 0) return undefined;
  return { root: posts[0], parent: posts[index - 1] };
}

async function postRecord(
  api: BlueskyXrpc,
  part: PostPart,
  index: number,
  posts: StrongRef[],
  options: BlueskyPostOptions,
  token: string,
): Promise<Record<string, unknown>> {
  const first = index === 0;
  if (part.media.some((media) => media.kind !== 'image'))
    throw new NetworkError(api.network, 'permanent', 'Bluesky videos are not published by this service yet', {
      code: 'video_unsupported',
    });
  const images = [];
  for (const media of part.media)
    images.push({ blob: await uploadImage(api, media, BLUESKY_LIMITS.imageBytes, token), alt: media.altText ?? '' });
  const quote = first && options.quotePostUri ? await postRef(api, options.quotePostUri, token) : undefined;
  const embed = embedOf(images, first ? options : {}, quote);
  const facets = await facetsOf(api, part.text, token);
  return {
    $type: POST_COLLECTION,
    text: part.text,
    createdAt: new Date().toISOString(),
    ...(facets ? { facets } : {}),
    ...(replyOf(posts, index) ? { reply: replyOf(posts, index) } : {}),
    ...(embed ? { embed } : {}),
    ...(options.langs?.length ? { langs: options.langs } : {}),
    ...(first && options.labels?.length
      ? { labels: { $type: 'com.atproto.label.defs#selfLabels', values: options.labels.map((val) => ({ val })) } }
      : {}),
  };
}

/**
 * The post an attempt cut off may have made: among the account's newest posts
 * (com.atproto.repo.listRecords, newest first), one with the same text answering the same parent.
 */
async function findPosted(
  api: BlueskyXrpc,
  did: string,
  text: string,
  parent: StrongRef | undefined,
  token: string,
): Promise<StrongRef | undefined> {
  const body = await api.query(
    'com.atproto.repo.listRecords',
    { repo: did, collection: POST_COLLECTION, limit: 25 },
    token,
  );
  for (const item of (isRecord(body) ? arrayField(body, 'records') : undefined) ?? []) {
    if (!isRecord(item)) continue;
    const value = recordField(item, 'value');
    const uri = stringField(item, 'uri');
    const cid = stringField(item, 'cid');
    if (!value || !uri || !cid || stringField(value, 'text') !== text) continue;
    const replyParent = recordField(recordField(value, 'reply') ?? {}, 'parent');
    if ((replyParent ? stringField(replyParent, 'uri') : undefined) === parent?.uri) return { uri, cid };
  }
  return undefined;
}

/**
 * Publishes a delivery: each part a post (com.atproto.repo.createRecord), the later ones replies to
 * the one before in the same thread; then the reply and quote settings as a threadgate and a
 * postgate, whose record key is the post's own (https://docs.bsky.app/docs/advanced-guides/thread-gates).
 */
export async function publishOnBluesky(
  api: BlueskyXrpc,
  request: PublishRequest,
  webUrl: string,
): Promise<PublishOutcome> {
  const did = request.networkAccountId;
  const token = request.tokens.accessToken;
  const options = readBlueskyOptions(request.options);
  const progress = blueskyProgressOf(request.progress);
  const save = () => request.checkpoint({ ...progress });
  for (let index = progress.posts.length; index < request.parts.length; index++) {
    const part = request.parts[index]!;
    const parent = progress.posts[index - 1];
    const found = request.resuming ? await findPosted(api, did, part.text, parent, token) : undefined;
    const ref =
      found ??
      (await createRecord(
        api,
        did,
        POST_COLLECTION,
        await postRecord(api, part, index, progress.posts, options, token),
        token,
      ));
    progress.posts.push(ref);
    await save();
  }
  const root = progress.posts[0]!;
  const rkey = parseAtUri(root.uri)?.rkey;
  if (!rkey) throw api.unexpected(`a post address that is not an AT URI: ${root.uri}`);
  const allow = threadgateAllow(options.replySettings);
  if (allow && !progress.threadgate) {
    await createGate(api, did, 'app.bsky.feed.threadgate', { post: root.uri, allow }, token, rkey, request.resuming);
    progress.threadgate = true;
    await save();
  }
  if (options.quotes === 'nobody' && !progress.postgate) {
    const rules = [{ $type: 'app.bsky.feed.postgate#disableRule' }];
    await createGate(
      api,
      did,
      'app.bsky.feed.postgate',
      { post: root.uri, embeddingRules: rules },
      token,
      rkey,
      request.resuming,
    );
    progress.postgate = true;
    await save();
  }
  return {
    kind: 'published',
    platformPostId: root.uri,
    permalink: blueskyPermalink(webUrl, request.username, root.uri),
    progress: { ...progress },
  };
}

/** A gate record under the post's key; when resuming, one already there (a 400 `InvalidSwap`/duplicate) is the one we made. */
async function createGate(
  api: BlueskyXrpc,
  did: string,
  collection: string,
  fields: Record<string, unknown>,
  token: string,
  rkey: string,
  resuming: boolean,
): Promise<void> {
  try {
    await createRecord(
      api,
      did,
      collection,
      { $type: collection, ...fields, createdAt: new Date().toISOString() },
      token,
      rkey,
    );
  } catch (error) {
    if (!resuming || !(error instanceof NetworkError) || error.kind !== 'permanent') throw error;
    const existing = await api
      .query('com.atproto.repo.getRecord', { repo: did, collection, rkey }, token)
      .catch(() => undefined);
    if (!existing) throw error;
  }
}
