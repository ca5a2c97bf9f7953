import { UnpublishRequest } from '../network-adapter';
import { isGone, ThreadsApi, threadsNode } from './threads-api';
import { publishedIds, readThreadsProgress } from './threads-progress';

/**
 * `DELETE /{threads-media-id}` for each post of the delivery, its replies first and the post last
 * (the delete-posts page; 100 deletes per 24 hours). A post Threads no longer has counts as
 * deleted, so a retry after a partial delete finishes the rest.
 */
export async function unpublishOnThreads(api: ThreadsApi, request: UnpublishRequest): Promise<void> {
  const ids = publishedIds(readThreadsProgress(request.progress));
  const all = ids.includes(request.platformPostId) ? ids : [request.platformPostId, ...ids];
  for (const id of [...all].reverse()) {
    try {
      await api.remove(threadsNode(id), request.tokens.accessToken);
    } catch (error) {
      if (!isGone(error)) throw error;
    }
  }
}
