import { arrayField, isRecord, recordField, stringField } from '../http/json-fields';
import type { PostPart, PublishOutcome, PublishProgress, PublishRequest } from '../network-adapter';
import { NetworkError } from '../network-error';
import { parseAtUri, POST_COLLECTION, StrongRef } from './bluesky-at-uri';
import { BLUESKY_LIMITS } from './bluesky-lexicon-limits';
import { readBlueskyOptions, BlueskyPostOptions } from './bluesky-post-options';
import { createRecord, embedOf, postRef, threadgateAllow, uploadImage } from './bluesky-records';
import { facetsOf } from './bluesky-rich-text';
import { BlueskyVideoCall, blueskyVideoEmbed, BlueskyVideoProgress, readVideoProgress } from './bluesky-video';
import { BlueskyXrpc } from './bluesky-xrpc';

/**
 * What publishing records between attempts: the posts made (first the post, then its replies), the
 * gates, and the video of the next post while the video service processes it.
 */
export interface BlueskyProgress {
  posts: StrongRef[];
  threadgate?: boolean;
  postgate?: boolean;
  video?: BlueskyVideoProgress;
}

export function blueskyProgressOf(progress: PublishProgress): BlueskyProgress {
  const posts = Array.isArray(progress.posts)
    ? progress.posts.filter(
        (ref): ref is StrongRef => isRecord(ref) && typeof ref.uri === 'string' && typeof ref.cid === 'string',
      )
    : [];
  const video = readVideoProgress(progress.video);
  return {
    posts,
    threadgate: progress.threadgate === true,
    postgate: progress.postgate === true,
    ...(video ? { video } : {}),
  };
}

/** The calls and hosts of one publishing attempt. */
export interface BlueskyPublishing {
  api: BlueskyXrpc;
  /** Bluesky's video service (BLUESKY_VIDEO_URL). */
  video: BlueskyXrpc;
  webUrl: string;
  /** Headers a test world's calls carry (none live). */
  worldHeaders: Record<string, string>;
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

/** A post's record, or when to come back because its video is still being processed. */
type PostStep = { kind: 'record'; record: Record<string, unknown> } | { kind: 'poll'; at: Date };

async function postRecord(
  api: BlueskyXrpc,
  part: PostPart,
  index: number,
  posts: StrongRef[],
  options: BlueskyPostOptions,
  token: string,
  videoCall: BlueskyVideoCall,
  videoProgress: BlueskyVideoProgress | undefined,
): Promise<PostStep> {
  const first = index === 0;
  // A video is alone in its post (the content rules check it): one app.bsky.embed.video.
  const video = part.media.find((media) => media.kind === 'video');
  let videoEmbed: Record<string, unknown> | undefined;
  if (video) {
    const step = await blueskyVideoEmbed(videoCall, video, index, videoProgress);
    if (step.kind === 'poll') return step;
    videoEmbed = step.embed;
  }
  const images = [];
  for (const media of part.media.filter((one) => one.kind === 'image'))
    images.push({ blob: await uploadImage(api, media, BLUESKY_LIMITS.imageBytes, token), alt: media.altText ?? '' });
  const quote = first && options.quotePostUri ? await postRef(api, options.quotePostUri, token) : undefined;
  const embed = embedOf(images, first ? options : {}, quote, videoEmbed);
  const facets = await facetsOf(api, part.text, token);
  const record = {
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
  return { kind: 'record', record };
}

/** The CID of the video a post record embeds (alone, or as a quote's media). */
function videoCidOf(value: Record<string, unknown>): string | undefined {
  let embed = recordField(value, 'embed');
  if (embed && stringField(embed, '$type') === 'app.bsky.embed.recordWithMedia') embed = recordField(embed, 'media');
  const video = embed ? recordField(embed, 'video') : undefined;
  const ref = video ? recordField(video, 'ref') : undefined;
  return ref ? stringField(ref, '$link') : undefined;
}

/**
 * The post an attempt cut off may have made: among the account's newest posts
 * (com.atproto.repo.listRecords, newest first), one with the same text answering the same parent
 * (and, once its video's blob is known, embedding that video).
 */
async function findPosted(
  api: BlueskyXrpc,
  did: string,
  text: string,
  parent: StrongRef | undefined,
  token: string,
  videoCid: string | undefined,
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
    if ((replyParent ? stringField(replyParent, 'uri') : undefined) !== parent?.uri) continue;
    if (videoCid !== undefined && videoCidOf(value) !== videoCid) continue;
    return { uri, cid };
  }
  return undefined;
}

/**
 * Publishes a delivery: each part a post (com.atproto.repo.createRecord), the later ones replies to
 * the one before in the same thread; then the reply and quote settings as a threadgate and a
 * postgate, whose record key is the post's own (https://docs.bsky.app/docs/advanced-guides/thread-gates).
 */
export async function publishOnBluesky(
  publishing: BlueskyPublishing,
  request: PublishRequest,
): Promise<PublishOutcome> {
  const { api, webUrl } = publishing;
  const did = request.networkAccountId;
  const token = request.tokens.accessToken;
  const options = readBlueskyOptions(request.options);
  const progress = blueskyProgressOf(request.progress);
  const save = () => request.checkpoint({ ...progress });
  const videoCall: BlueskyVideoCall = {
    pds: api,
    video: publishing.video,
    did,
    token,
    headers: publishing.worldHeaders,
    save: async (video) => {
      progress.video = video;
      await save();
    },
    now: () => new Date(),
  };
  for (let index = progress.posts.length; index < request.parts.length; index++) {
    const part = request.parts[index]!;
    const parent = progress.posts[index - 1];
    const video = progress.video?.part === index ? progress.video : undefined;
    // While this post's video has no blob yet, no attempt can have posted it: nothing to look for.
    const mayBePosted = request.resuming && (video === undefined || video.blob !== undefined);
    let ref = mayBePosted ? await findPosted(api, did, part.text, parent, token, blobCid(video?.blob)) : undefined;
    if (!ref) {
      const step = await postRecord(api, part, index, progress.posts, options, token, videoCall, progress.video);
      // The video is still being processed: come back later, holding no worker meanwhile.
      if (step.kind === 'poll') return { kind: 'poll', at: step.at, progress: { ...progress } };
      ref = await createRecord(api, did, POST_COLLECTION, step.record, token);
    }
    progress.posts.push(ref);
    delete progress.video;
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

function blobCid(blob: Record<string, unknown> | undefined): string | undefined {
  const ref = blob ? recordField(blob, 'ref') : undefined;
  return ref ? stringField(ref, '$link') : undefined;
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
