import { JsonRecord, stringField } from '../http/json-fields';
import { PostPart, PublishOutcome, PublishRequest } from '../network-adapter';
import { NetworkError } from '../network-error';
import { safeNetworkMessage } from '../safe-network-message';
import { isNotReady, ThreadsApi, threadsNode } from './threads-api';
import { createThreadsContainers, ThreadsCall } from './threads-containers';
import { readThreadsOptions, threadsContainerParams } from './threads-post-options';
import { ThreadsPartProgress, ThreadsProgress, readThreadsProgress, threadsProgressJson } from './threads-progress';
import { checkThreadsQuota } from './threads-quota';

/**
 * Reading a container's status gives up this long after it was made: "querying a container's
 * status once per minute, for no more than 5 minutes" (troubleshooting page).
 */
export const THREADS_PROCESSING_LIMIT_MS = 5 * 60_000;
/** Tolerated difference between our clock and Threads' when matching a post's timestamp. */
const CLOCK_SKEW_MS = 2 * 60_000;
/** The container errors that say the medium could not be fetched from its URL. */
const DOWNLOAD_FAILURES = new Set(['FAILED_DOWNLOADING_VIDEO']);

type PartStep = { kind: 'published'; mediaId: string } | Extract<PublishOutcome, { kind: 'poll' }>;

/**
 * Publishes a delivery on a Threads profile: the publishing limit read first, then for each post of
 * the thread (the first, then each a reply to the one before) its containers, their status (by
 * returning `poll`, never by waiting) and `threads_publish` once FINISHED, never before. A container
 * found PUBLISHED was published by an attempt cut off before recording it: its post is looked up
 * and adopted, never published again.
 */
export async function publishOnThreads(
  api: ThreadsApi,
  request: PublishRequest,
  pollMs: number,
): Promise<PublishOutcome> {
  const progress = readThreadsProgress(request.progress);
  while (progress.parts.length < request.parts.length) progress.parts.push({ childIds: [] });
  const call: ThreadsCall = {
    api,
    accessToken: request.tokens.accessToken,
    userId: request.networkAccountId,
    pollMs,
    save: async (index, part) => {
      progress.parts[index] = part;
      await request.checkpoint(threadsProgressJson(progress));
    },
  };
  const started = progress.parts.some((part) => part.containerId !== undefined || part.mediaId !== undefined);
  if (!started) await checkThreadsQuota(api, call.accessToken, call.userId, request.parts.length - 1, new Date());
  const options = threadsContainerParams(readThreadsOptions(request.options));
  for (let index = 0; index < request.parts.length; index++) {
    if (progress.parts[index]!.mediaId !== undefined) continue;
    const replyTo = index > 0 ? progress.parts[index - 1]!.mediaId : undefined;
    const extra = index === 0 ? options : { reply_to_id: replyTo! };
    const step = await publishPart(call, index, request.parts[index]!, progress, extra);
    if (step.kind === 'poll') return step;
  }
  const rootId = progress.parts[0]!.mediaId!;
  const root = await api.read(threadsNode(rootId), call.accessToken, { fields: 'id,permalink' });
  return {
    kind: 'published',
    platformPostId: rootId,
    permalink: stringField(root, 'permalink') ?? null,
    progress: threadsProgressJson(progress),
  };
}

/** One post: its containers (unless recorded), their status, then threads_publish once FINISHED. */
async function publishPart(
  call: ThreadsCall,
  index: number,
  post: PostPart,
  progress: ThreadsProgress,
  extra: Record<string, string>,
): Promise<PartStep> {
  let part = progress.parts[index]!;
  if (part.containerId === undefined) part = await createThreadsContainers(call, index, post, part, extra, new Date());
  const containerId = part.containerId!;
  const container = await call.api.read(threadsNode(containerId), call.accessToken, {
    fields: 'id,status,error_message',
  });
  const status = stringField(container, 'status');
  switch (status) {
    case 'FINISHED':
      return threadsPublish(call, index, part, containerId, progress);
    case 'IN_PROGRESS':
      return pollLater(call, part, progress);
    case 'PUBLISHED':
      return adoptPublished(call, index, post, part);
    case 'ERROR':
      // Never publishable: forgotten (as EXPIRED), so a retry of the failed delivery makes a new one.
      await call.save(index, { childIds: [] });
      throw containerFailed(container);
    case 'EXPIRED':
      // A container lives 24 hours: forgetting it lets the retry make a new one; nothing was published.
      await call.save(index, { childIds: [] });
      throw new NetworkError(
        'threads',
        'transient',
        'The Threads container expired before it was published; the next attempt creates a new one',
        {
          code: 'EXPIRED',
        },
      );
    default:
      throw call.api.unexpected(`container status ${status ?? 'missing'}`);
  }
}

async function threadsPublish(
  call: ThreadsCall,
  index: number,
  part: ThreadsPartProgress,
  containerId: string,
  progress: ThreadsProgress,
): Promise<PartStep> {
  let published: JsonRecord;
  try {
    published = await call.api.post(threadsNode(call.userId, 'threads_publish'), call.accessToken, {
      creation_id: containerId,
    });
  } catch (error) {
    // Read FINISHED, yet not found by threads_publish (integrators see it with carousels): read again later.
    if (isNotReady(error)) return pollLater(call, part, progress);
    throw error;
  }
  const mediaId = call.api.createdId(published, 'POST /{threads-user-id}/threads_publish');
  await call.save(index, { ...part, mediaId });
  return { kind: 'published', mediaId };
}

/** Read again after THREADS_POLL_MS; give up once the container has been processing too long. */
function pollLater(call: ThreadsCall, part: ThreadsPartProgress, progress: ThreadsProgress): PartStep {
  const now = Date.now();
  const createdAt = Date.parse(part.containerCreatedAt ?? '');
  if (Number.isFinite(createdAt) && now - createdAt >= THREADS_PROCESSING_LIMIT_MS)
    throw new NetworkError(
      'threads',
      'permanent',
      `Threads was still processing the media ${THREADS_PROCESSING_LIMIT_MS / 60_000} minutes after the container was made`,
      { code: 'IN_PROGRESS' },
    );
  return { kind: 'poll', at: new Date(now + call.pollMs), progress: threadsProgressJson(progress) };
}

function containerFailed(container: JsonRecord): NetworkError {
  const reason = stringField(container, 'error_message') ?? 'UNKNOWN';
  return new NetworkError(
    'threads',
    'permanent',
    `Threads could not process the media: ${safeNetworkMessage(reason)}`,
    {
      code: 'ERROR',
      ...(DOWNLOAD_FAILURES.has(reason) ? { mediaUnavailable: true } : {}),
    },
  );
}

/**
 * The post a cut-off attempt published from this container: the profile's newest post (or reply,
 * for a thread's later part) with this text, made after the container was.
 */
async function adoptPublished(
  call: ThreadsCall,
  index: number,
  post: PostPart,
  part: ThreadsPartProgress,
): Promise<PartStep> {
  const page = await call.api.list(threadsNode(call.userId, index === 0 ? 'threads' : 'replies'), call.accessToken, {
    fields: 'id,text,timestamp',
    limit: '25',
  });
  const since = Date.parse(part.containerCreatedAt ?? '') - CLOCK_SKEW_MS;
  const match = page.entries.find((entry) => {
    const at = Date.parse((stringField(entry, 'timestamp') ?? '').replace(/\+0000$/, 'Z'));
    return (
      (stringField(entry, 'text') ?? '') === post.text &&
      (!Number.isFinite(since) || !Number.isFinite(at) || at >= since)
    );
  });
  const mediaId = match ? stringField(match, 'id') : undefined;
  if (!mediaId)
    throw new NetworkError(
      'threads',
      'permanent',
      "The Threads container was published, but its post is not among the profile's recent posts",
      {
        code: 'PUBLISHED',
      },
    );
  await call.save(index, { ...part, mediaId });
  return { kind: 'published', mediaId };
}
