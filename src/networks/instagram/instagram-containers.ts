import { GraphApi } from '../graph/graph-api';
import { createdId, graphPost, node } from '../graph/graph-publishing';
import { PostPart } from '../network-adapter';
import { instagramContainerParams } from './instagram-container-params';
import { InstagramPostOptions } from './instagram-post-options';
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

async function createContainer(call: InstagramCall, form: Record<string, string | undefined>): Promise<string> {
  return createdId(
    call.api,
    await graphPost(call.api, node(call.igUserId, 'media'), call.accessToken, form),
    'POST /{ig-user-id}/media',
  );
}

/**
 * Step 1 of Instagram publishing (`POST /{ig-user-id}/media`): one image container, a Reel for a
 * single video (or placement `reel`), a STORIES container, or one item container per medium and
 * then the CAROUSEL, each with the options Instagram takes on it (instagram-container-params.ts).
 * Items already recorded are not made again; an unrecorded one made by a cut-off attempt is never
 * published, and Instagram lets it expire.
 */
export async function createInstagramContainers(
  call: InstagramCall,
  post: PostPart,
  progress: InstagramProgress,
  now: Date,
  options: InstagramPostOptions = {},
): Promise<InstagramProgress & { containerId: string }> {
  const params = instagramContainerParams(post, options);
  let containerId: string;
  if (!params.items) containerId = await createContainer(call, params.container);
  else {
    const childIds = [...progress.childIds];
    for (let index = childIds.length; index < params.items.length; index++) {
      childIds.push(await createContainer(call, params.items[index]!));
      progress = await call.save({ ...progress, childIds: [...childIds] });
    }
    containerId = await createContainer(call, { ...params.container, children: childIds.join(',') });
  }
  const created = { ...progress, containerId, containerCreatedAt: now.toISOString() };
  await call.save(created);
  return created;
}
