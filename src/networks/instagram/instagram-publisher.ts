import { publishGraphComments } from '../graph/graph-comments';
import { GraphApi } from '../graph/graph-api';
import { needsNewInstagramContainer } from '../graph/graph-errors';
import { createdId, graphEdge, graphPost, graphRead, node } from '../graph/graph-publishing';
import { JsonRecord, stringField } from '../http/json-fields';
import { PostPart, PublishOutcome, PublishRequest } from '../network-adapter';
import { NetworkError } from '../network-error';
import { safeNetworkMessage } from '../safe-network-message';
import { createInstagramContainers, InstagramCall } from './instagram-containers';
import { InstagramPostOptions, readInstagramOptions } from './instagram-post-options';
import { InstagramProgress, instagramProgressJson, readInstagramProgress } from './instagram-progress';
import { isQuotaExhausted, quotaExhaustedError } from './instagram-quota';

/** Polling a container stops this long after it was created (docs/networks.md: at most ~5 min). */
export const INSTAGRAM_PROCESSING_LIMIT_MS = 5 * 60_000;
const VIDEO_POLL_INTERVAL_MS = 60_000;
const IMAGE_POLL_INTERVAL_MS = 5_000;
/** media_publish too early: code 9007, subcode 2207027. */
const NOT_READY_CODE = 9007;
const NOT_READY_SUBCODE = 2207027;
/** Tolerated difference between our clock and Instagram's when matching a medium's timestamp. */
const CLOCK_SKEW_MS = 2 * 60_000;

type MediumStep = { kind: 'published'; mediaId: string } | Extract<PublishOutcome, { kind: 'poll' }>;

/**
 * Publishes a delivery on an Instagram professional account: containers, status polls (by
 * returning `poll`, never by waiting), media_publish, the permalink, then the thread as comments.
 */
export async function publishOnInstagram(
  api: GraphApi,
  request: PublishRequest,
  videoPollMs = VIDEO_POLL_INTERVAL_MS,
): Promise<PublishOutcome> {
  let progress = readInstagramProgress(request.progress);
  const call: InstagramCall = {
    api,
    accessToken: request.tokens.accessToken,
    igUserId: request.networkAccountId,
    videoPollMs,
    save: async (next) => {
      progress = next;
      await request.checkpoint(instagramProgressJson(next));
      return next;
    },
  };
  const [post, ...thread] = request.parts;
  const options = readInstagramOptions(request.options);
  // With the medium already recorded, only a comment can have been in flight when an attempt was cut off.
  const mediumWasRecorded = progress.mediaId !== undefined;
  let mediaId = progress.mediaId;
  if (mediaId === undefined) {
    const step = await publishMedium(call, post, progress, options);
    if (step.kind === 'poll') return step;
    mediaId = step.mediaId;
  }
  const medium = await graphRead(api, node(mediaId), call.accessToken, { fields: 'permalink' });
  await publishGraphComments({
    api,
    accessToken: call.accessToken,
    parentId: mediaId,
    texts: thread.map((part) => part.text),
    done: progress.commentIds,
    resuming: request.resuming && mediumWasRecorded,
    textField: 'text',
    save: async (commentIds) => void (await call.save({ ...progress, commentIds })),
  });
  return { kind: 'published', platformPostId: mediaId, permalink: stringField(medium, 'permalink') ?? null };
}

/**
 * Steps 1 to 3: the containers (unless recorded), their status, then media_publish. When Instagram
 * answers that a container is to be made anew (2207020, 2207053), the recorded ones are forgotten
 * before the (transient) error goes up, so the retry makes new ones instead of failing again on them;
 * nothing was published, and the old ones expire on their own.
 */
async function publishMedium(
  call: InstagramCall,
  post: PostPart,
  progress: InstagramProgress,
  options: InstagramPostOptions,
): Promise<MediumStep> {
  try {
    // The progress as recorded with the container, which the steps after it build on.
    const current =
      progress.containerId === undefined
        ? await createInstagramContainers(call, post, progress, new Date(), options)
        : { ...progress, containerId: progress.containerId };
    return await publishContainer(call, post, current, current.containerId, options);
  } catch (error) {
    if (needsNewInstagramContainer(error)) await call.save({ childIds: [], commentIds: progress.commentIds });
    throw error;
  }
}

/** Step 2 and 3: the container's status, then media_publish once it is FINISHED. */
async function publishContainer(
  call: InstagramCall,
  post: PostPart,
  progress: InstagramProgress,
  containerId: string,
  options: InstagramPostOptions,
): Promise<MediumStep> {
  const container = await graphRead(call.api, node(containerId), call.accessToken, { fields: 'status_code,status' });
  const statusCode = stringField(container, 'status_code');
  switch (statusCode) {
    case 'FINISHED':
      return mediaPublish(call, post, progress, containerId);
    case 'IN_PROGRESS':
      return pollLater(call, post, progress);
    case 'PUBLISHED':
      // media_publish went through on an attempt that was cut off before recording it.
      return options.placement === 'story'
        ? adoptPublishedStory(call, post, progress)
        : adoptPublishedMedium(call, post, progress);
    case 'ERROR': {
      const status = stringField(container, 'status') ?? 'ERROR';
      // A container in ERROR can never be published: forgotten, so that a retry of the failed
      // delivery (once its media are fixed) makes a new one instead of failing again on this one.
      await call.save({ childIds: [], commentIds: progress.commentIds });
      throw new NetworkError(
        'instagram',
        'permanent',
        `Instagram could not process the media: ${safeNetworkMessage(status)}`,
        {
          code: 'ERROR',
          // A video Instagram could not download fails here, after the container was made (2207052).
          ...(/2207052|media download has failed/i.test(status) ? { mediaUnavailable: true } : {}),
        },
      );
    }
    case 'EXPIRED':
      // A container lives 24 hours. Forgetting it lets the retry make a new one; nothing was published.
      await call.save({ childIds: [], commentIds: progress.commentIds });
      throw new NetworkError(
        'instagram',
        'transient',
        'The Instagram container expired before it was published; the next attempt creates a new one',
        {
          code: 'EXPIRED',
        },
      );
    default:
      throw call.api.unexpected(`container status ${statusCode ?? 'missing'}`);
  }
}

async function mediaPublish(
  call: InstagramCall,
  post: PostPart,
  progress: InstagramProgress,
  containerId: string,
): Promise<MediumStep> {
  let published: JsonRecord;
  try {
    published = await graphPost(call.api, node(call.igUserId, 'media_publish'), call.accessToken, {
      creation_id: containerId,
    });
  } catch (error) {
    const notReady =
      error instanceof NetworkError &&
      (error.details.code === NOT_READY_CODE || error.details.subcode === NOT_READY_SUBCODE);
    if (notReady) return pollLater(call, post, progress);
    // The container is kept (progress): it lives 24 hours, as long as the quota's window.
    if (isQuotaExhausted(error))
      throw await quotaExhaustedError(call.api, call.accessToken, call.igUserId, error, new Date());
    throw error;
  }
  const mediaId = createdId(call.api, published, 'POST /{ig-user-id}/media_publish');
  await call.save({ ...progress, mediaId });
  return { kind: 'published', mediaId };
}

/** Poll again in a minute for video, a few seconds for images; give up once processing took too long. */
function pollLater(call: InstagramCall, post: PostPart, progress: InstagramProgress): MediumStep {
  const now = Date.now();
  const createdAt = Date.parse(progress.containerCreatedAt ?? '');
  if (Number.isFinite(createdAt) && now - createdAt >= INSTAGRAM_PROCESSING_LIMIT_MS) {
    throw new NetworkError(
      'instagram',
      'permanent',
      `Instagram was still processing the media ${INSTAGRAM_PROCESSING_LIMIT_MS / 60_000} minutes after the container was created`,
      {
        code: 'IN_PROGRESS',
      },
    );
  }
  const interval = post.media.some((media) => media.kind === 'video') ? call.videoPollMs : IMAGE_POLL_INTERVAL_MS;
  return { kind: 'poll', at: new Date(now + interval), progress: instagramProgressJson(progress) };
}

/** The account's newest medium with this caption, published after the container was made. */
async function adoptPublishedMedium(
  call: InstagramCall,
  post: PostPart,
  progress: InstagramProgress,
): Promise<MediumStep> {
  const media = await graphEdge(call.api, node(call.igUserId, 'media'), call.accessToken, {
    fields: 'id,caption,timestamp',
    limit: '25',
  });
  const since = Date.parse(progress.containerCreatedAt ?? '') - CLOCK_SKEW_MS;
  const match = media.find((medium) => {
    const timestamp = Date.parse(stringField(medium, 'timestamp') ?? '');
    return (
      (stringField(medium, 'caption') ?? '') === post.text &&
      (!Number.isFinite(since) || !Number.isFinite(timestamp) || timestamp >= since)
    );
  });
  const mediaId = match ? stringField(match, 'id') : undefined;
  if (!mediaId) {
    throw new NetworkError(
      'instagram',
      'permanent',
      "The Instagram container was published, but its medium is not among the account's recent media",
      {
        code: 'PUBLISHED',
      },
    );
  }
  await call.save({ ...progress, mediaId });
  return { kind: 'published', mediaId };
}

/**
 * The story a cut-off attempt published: stories are read on `GET /{ig-user-id}/stories` (the IG
 * User Stories reference; the media edge lists no stories), and carry no caption to match, so the
 * earliest story of the medium's type published since the container was made is taken. At worst
 * another story of that minute is named; nothing is published twice.
 */
async function adoptPublishedStory(
  call: InstagramCall,
  post: PostPart,
  progress: InstagramProgress,
): Promise<MediumStep> {
  const stories = await graphEdge(call.api, node(call.igUserId, 'stories'), call.accessToken, {
    fields: 'id,media_type,timestamp',
    limit: '25',
  });
  const since = Date.parse(progress.containerCreatedAt ?? '') - CLOCK_SKEW_MS;
  const mediaType = post.media[0]?.kind === 'video' ? 'VIDEO' : 'IMAGE';
  const candidates = stories
    .map((story) => ({
      id: stringField(story, 'id'),
      type: stringField(story, 'media_type'),
      at: Date.parse(stringField(story, 'timestamp') ?? ''),
    }))
    .filter((story) => story.id && story.type === mediaType && (!Number.isFinite(since) || !(story.at < since)))
    .sort((a, b) => (Number.isFinite(a.at) && Number.isFinite(b.at) ? a.at - b.at : 0));
  const mediaId = candidates[0]?.id;
  if (!mediaId) {
    throw new NetworkError(
      'instagram',
      'permanent',
      "The Instagram story container was published, but the story is not among the account's current stories",
      { code: 'PUBLISHED' },
    );
  }
  await call.save({ ...progress, mediaId });
  return { kind: 'published', mediaId };
}
