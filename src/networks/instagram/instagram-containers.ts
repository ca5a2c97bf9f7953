import { GraphApi } from '../graph/graph-api';
import { createdId, graphPost, node } from '../graph/graph-publishing';
import { PostMedia, PostPart } from '../network-adapter';
import { InstagramProgress } from './instagram-progress';

export interface InstagramCall {
  api: GraphApi;
  accessToken: string;
  igUserId: string;
  /** Records progress before the next call is made. */
  save(next: InstagramProgress): Promise<InstagramProgress>;
  /** Between checks of a video container still processing (INSTAGRAM_VIDEO_POLL_MS). */
  videoPollMs: number;
}

function carouselItem(media: PostMedia): Record<string, string> {
  return media.kind === 'video'
    ? { is_carousel_item: 'true', media_type: 'VIDEO', video_url: media.url }
    : { is_carousel_item: 'true', image_url: media.url };
}

async function createContainer(call: InstagramCall, form: Record<string, string | undefined>): Promise<string> {
  return createdId(
    call.api,
    await graphPost(call.api, node(call.igUserId, 'media'), call.accessToken, form),
    'POST /{ig-user-id}/media',
  );
}

/**
 * Step 1 of Instagram publishing (`POST /{ig-user-id}/media`): one image container, a Reel for a
 * single video, or one item container per medium and then the CAROUSEL. Items already recorded
 * are not made again; an unrecorded one made by a cut-off attempt is never published, and
 * Instagram lets it expire.
 */
export async function createInstagramContainers(
  call: InstagramCall,
  post: PostPart,
  progress: InstagramProgress,
  now: Date,
): Promise<InstagramProgress & { containerId: string }> {
  const caption = post.text || undefined;
  const [first] = post.media;
  let containerId: string;
  if (post.media.length === 1) {
    containerId = await createContainer(
      call,
      first.kind === 'video'
        ? { media_type: 'REELS', video_url: first.url, caption }
        : { image_url: first.url, caption },
    );
  } else {
    const childIds = [...progress.childIds];
    for (let index = childIds.length; index < post.media.length; index++) {
      childIds.push(await createContainer(call, carouselItem(post.media[index])));
      progress = await call.save({ ...progress, childIds: [...childIds] });
    }
    containerId = await createContainer(call, { media_type: 'CAROUSEL', children: childIds.join(','), caption });
  }
  const created = { ...progress, containerId, containerCreatedAt: now.toISOString() };
  await call.save(created);
  return created;
}
