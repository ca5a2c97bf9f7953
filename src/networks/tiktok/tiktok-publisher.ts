import { tiktokApiRules, TikTokPostStatus } from '../../contracts';
import { worldClientId } from '../apps/test-world-mark';
import { stringField } from '../http/json-fields';
import { PostMedia, PostPart, PublishOutcome, PublishRequest } from '../network-adapter';
import { NetworkError } from '../network-error';
import { safeNetworkMessage } from '../safe-network-message';
import { TikTokApi } from './tiktok-api';
import { creatorProblems, TikTokCreatorInfo, tiktokCreatorInfo } from './tiktok-creator';
import { readTikTokOptions, TikTokPostOptions } from './tiktok-post-options';
import { findLostPull } from './tiktok-lost-pull';
import { nextRead, readTikTokProgress, TikTokProgress, tiktokProgressJson } from './tiktok-progress';
import { uploadTikTokVideo } from './tiktok-upload';

const { statuses, endpoints } = tiktokApiRules();
/**
 * A post still processing this long after it was first read so is given up: TikTok processes a
 * 4 GB video in minutes and moderation "may take a few hours"; a day is TikTok's failure, not a wait.
 */
export const TIKTOK_PROCESSING_LIMIT_MS = 24 * 3600_000;

export interface TikTokPublishSettings {
  /** The first wait between reads of a post still processing; it doubles at each read, up to 5 minutes. */
  pollMs: number;
  chunkBytes: number;
  /** URL prefixes the app verified: a video under one is pulled by TikTok. */
  pullUrlPrefixes: readonly string[];
  webUrl: string;
}

/** A post's page: `{webUrl}/@{username}/video/{id}`; in a test world with the world's mark, as the emulator's pages are found. */
export function tiktokPermalink(webUrl: string, username: string, postId: string, emulatorWorld?: string): string {
  const url = `${webUrl}/@${username}/video/${postId}`;
  return emulatorWorld === undefined ? url : `${url}?world=${worldClientId(emulatorWorld)}`;
}

/** The public post ids of a status answer, read from its text: 19-digit JSON numbers, which JSON.parse would round. */
export function publicPostIds(text: string): string[] {
  const list = new RegExp(`"${statuses.postId}"\\s*:\\s*\\[([^\\]]*)\\]`).exec(text)?.[1] ?? '';
  return [...list.matchAll(/"?(\d+)"?/g)].map((match) => match[1]!);
}

/** `post_info` of a direct post or a photo draft, from the options and what the creator turned off. */
function postInfo(post: PostPart, options: TikTokPostOptions, creator: TikTokCreatorInfo | undefined, photos: boolean) {
  const draft = options.mode === 'draft';
  return {
    ...(photos
      ? { ...(options.title ? { title: options.title } : {}), ...(post.text ? { description: post.text } : {}) }
      : post.text
        ? { title: post.text }
        : {}),
    ...(draft ? {} : { privacy_level: options.privacyLevel }),
    // A setting the creator turned off in TikTok stays off (the UX guidelines: it cannot be turned on).
    disable_comment: options.disableComment === true || creator?.commentDisabled === true,
    ...(photos
      ? { ...(options.autoAddMusic !== undefined ? { auto_add_music: options.autoAddMusic } : {}) }
      : {
          disable_duet: options.disableDuet === true || creator?.duetDisabled === true,
          disable_stitch: options.disableStitch === true || creator?.stitchDisabled === true,
          ...(options.videoCoverTimestampMs !== undefined
            ? { video_cover_timestamp_ms: options.videoCoverTimestampMs }
            : {}),
        }),
    brand_content_toggle: options.brandContentToggle === true,
    brand_organic_toggle: options.brandOrganicToggle === true,
    ...(options.isAigc !== undefined ? { is_aigc: options.isAigc } : {}),
  };
}

const pulled = (medium: PostMedia, prefixes: readonly string[]) =>
  prefixes.some((prefix) => medium.url.startsWith(prefix));

/**
 * Opens the publish: creator_info first (TikTok asks it before each post; a privacy level the
 * account does not offer, or a video longer than it may post, is refused here), then a video as
 * FILE_UPLOAD from the service's bytes (or PULL_FROM_URL from a verified prefix), or the photos by
 * URL (TikTok pulls photos only). A pull's init is recorded before it is sent: its answer lost, it
 * may have posted, and TikTok has no call to find a publish by anything but its id.
 */
async function openPublish(
  api: TikTokApi,
  request: PublishRequest,
  options: TikTokPostOptions,
  progress: TikTokProgress,
  settings: TikTokPublishSettings,
): Promise<void> {
  const [post] = request.parts as [PostPart];
  const draft = options.mode === 'draft';
  const video = post.media.find((medium) => medium.kind === 'video');
  // A video draft sends no post settings; creator_info is asked of every post the creator publishes.
  const creator = draft && video ? undefined : await tiktokCreatorInfo(api);
  if (creator && !draft) creatorProblems(api, creator, post, options);
  const save = () => request.checkpoint(tiktokProgressJson(progress));
  const sendPull = async (path: string, body: Record<string, unknown>) => {
    progress.pullSentAt = new Date().toISOString();
    await save();
    const { data } = await api.post(path, body);
    const publishId = stringField(data, 'publish_id');
    if (!publishId) throw api.unexpected('no publish_id in the init answer');
    return publishId;
  };
  if (video) {
    const path = draft ? endpoints.inboxVideoInit.path : endpoints.videoInit.path;
    const body = (sourceInfo: Record<string, unknown>) =>
      draft
        ? { source_info: sourceInfo }
        : { post_info: postInfo(post, options, creator, false), source_info: sourceInfo };
    progress.publishId = pulled(video, settings.pullUrlPrefixes)
      ? await sendPull(path, body({ source: 'PULL_FROM_URL', video_url: video.url }))
      : await uploadTikTokVideo(
          api,
          video,
          settings.chunkBytes,
          async (sourceInfo) => (await api.post(path, body(sourceInfo))).data,
        );
  } else {
    const images = post.media.map((medium) => medium.url);
    progress.publishId = await sendPull(endpoints.contentInit.path, {
      media_type: 'PHOTO',
      post_mode: draft ? 'MEDIA_UPLOAD' : 'DIRECT_POST',
      post_info: postInfo(post, options, creator, true),
      source_info: { source: 'PULL_FROM_URL', photo_images: images, photo_cover_index: options.photoCoverIndex ?? 0 },
    });
  }
  progress.inbox = draft;
  delete progress.pullSentAt;
  await save();
}

/**
 * Publishes a delivery on TikTok: the publish opened (openPublish), then `status/fetch` read, by
 * returning `poll` with a back-off (the first wait doubling up to 5 minutes) while TikTok is
 * processing (PROCESSING_UPLOAD, PROCESSING_DOWNLOAD), never counted a success. PUBLISH_COMPLETE
 * publishes it: its id is the public post id TikTok gives a public post (read from the answer's
 * text), or the publish id where it gives none (a private post has no public id; TikTok's only id
 * for it is the publish's). SEND_TO_USER_INBOX ends a draft. FAILED is permanent, with TikTok's reason.
 */
export async function publishOnTikTok(
  api: TikTokApi,
  request: PublishRequest,
  settings: TikTokPublishSettings,
): Promise<PublishOutcome> {
  const progress = readTikTokProgress(request.progress);
  const options = readTikTokOptions(request.options);
  const published = (postId: string, permalink: string | null): PublishOutcome => {
    progress.postId = postId;
    return { kind: 'published', platformPostId: postId, permalink, progress: tiktokProgressJson(progress) };
  };
  if (progress.postId)
    return published(
      progress.postId,
      progress.inbox || progress.postId === progress.publishId ? null : permalinkOf(progress.postId),
    );
  if (!progress.publishId) {
    if (progress.pullSentAt) return findLostPull(api, request, options, progress, settings, published, permalinkOf);
    await openPublish(api, request, options, progress, settings);
  }
  const { data, text } = await api.post(endpoints.statusFetch.path, { publish_id: progress.publishId });
  const status = stringField(data, 'status') as TikTokPostStatus | undefined;
  if (!status || !statuses.values.includes(status)) throw api.unexpected(`status ${status ?? 'missing'}`);
  if (status === 'FAILED') {
    const reason = stringField(data, 'fail_reason') ?? 'no reason given';
    // TikTok could not fetch what it was asked to pull: the medium's URL, as on the other networks.
    const pullFailed = reason === 'video_pull_failed' || reason === 'photo_pull_failed';
    // A FAILED publish made no post and never will: forgotten, so that a retry of the failed delivery
    // (once its media are fixed) opens a new one instead of reading this one's failure again.
    await request.checkpoint(tiktokProgressJson({ polls: 0 }));
    throw new NetworkError(
      api.network,
      'permanent',
      `TikTok could not publish the post: ${safeNetworkMessage(reason)}`,
      { code: reason, ...(pullFailed ? { mediaUnavailable: true } : {}) },
    );
  }
  if (status === 'SEND_TO_USER_INBOX') return published(progress.publishId!, null);
  if (status === 'PUBLISH_COMPLETE') {
    const [postId] = publicPostIds(text);
    return postId ? published(postId, permalinkOf(postId)) : published(progress.publishId!, null);
  }
  const now = Date.now();
  const since = Date.parse(progress.processingSince ?? '');
  if (Number.isFinite(since) && now - since >= TIKTOK_PROCESSING_LIMIT_MS)
    throw new NetworkError(
      api.network,
      'permanent',
      `TikTok was still processing the post (${status}) ${TIKTOK_PROCESSING_LIMIT_MS / 3600_000} hours after it was sent`,
      { code: status },
    );
  progress.processingSince ??= new Date(now).toISOString();
  return { kind: 'poll', at: nextRead(progress, settings.pollMs, now), progress: tiktokProgressJson(progress) };

  function permalinkOf(postId: string): string {
    return tiktokPermalink(settings.webUrl, request.username, postId, request.app.emulatorWorld);
  }
}
