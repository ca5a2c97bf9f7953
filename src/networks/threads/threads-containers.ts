import { PostPart } from '../network-adapter';
import { ThreadsApi, threadsNode } from './threads-api';
import { ThreadsPartProgress } from './threads-progress';

export interface ThreadsCall {
  api: ThreadsApi;
  accessToken: string;
  userId: string;
  /** Between reads of a container still processing (THREADS_POLL_MS). */
  pollMs: number;
  /** Records how far the part got before the next call is made. */
  save(index: number, part: ThreadsPartProgress): Promise<void>;
}

/** A medium's container parameters: its type and URL, and its alt text (images and videos take one). */
function mediumParams(medium: PostPart['media'][number]): Record<string, string> {
  const video = medium.kind === 'video';
  return {
    media_type: video ? 'VIDEO' : 'IMAGE',
    [video ? 'video_url' : 'image_url']: medium.url,
    ...(medium.altText ? { alt_text: medium.altText } : {}),
  };
}

/**
 * The parameters of one post's containers (`POST /{threads-user-id}/threads`): a TEXT, IMAGE or
 * VIDEO container, or one item per medium (`is_carousel_item`, no text) then the CAROUSEL; the
 * text, the reply and the options go on the container published.
 */
export function threadsContainerRequests(
  part: PostPart,
  extra: Record<string, string>,
): { items: Record<string, string>[] | undefined; container: Record<string, string> } {
  const text: Record<string, string> = part.text ? { text: part.text } : {};
  if (part.media.length === 0) return { items: undefined, container: { media_type: 'TEXT', ...text, ...extra } };
  if (part.media.length === 1)
    return { items: undefined, container: { ...mediumParams(part.media[0]!), ...text, ...extra } };
  return {
    items: part.media.map((medium) => ({ ...mediumParams(medium), is_carousel_item: 'true' })),
    container: { media_type: 'CAROUSEL', ...text, ...extra },
  };
}

async function createContainer(call: ThreadsCall, params: Record<string, string>): Promise<string> {
  const body = await call.api.post(threadsNode(call.userId, 'threads'), call.accessToken, params);
  return call.api.createdId(body, 'POST /{threads-user-id}/threads');
}

/**
 * Step 1 of a post: its containers, unless recorded. Items already recorded are not made again; an
 * unrecorded one made by a cut-off attempt is never published, and Threads lets it expire (24 hours).
 */
export async function createThreadsContainers(
  call: ThreadsCall,
  index: number,
  part: PostPart,
  progress: ThreadsPartProgress,
  extra: Record<string, string>,
  now: Date,
): Promise<ThreadsPartProgress & { containerId: string }> {
  const requests = threadsContainerRequests(part, extra);
  let current = progress;
  const container = { ...requests.container };
  if (requests.items) {
    const childIds = [...current.childIds];
    for (let item = childIds.length; item < requests.items.length; item++) {
      childIds.push(await createContainer(call, requests.items[item]!));
      current = { ...current, childIds: [...childIds] };
      await call.save(index, current);
    }
    container.children = childIds.join(',');
  }
  const created = {
    ...current,
    containerId: await createContainer(call, container),
    containerCreatedAt: now.toISOString(),
  };
  await call.save(index, created);
  return created;
}
