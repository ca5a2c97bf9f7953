import type { UnpublishRequest } from '../network-adapter';
import { parseAtUri } from './bluesky-at-uri';
import { blueskyProgressOf } from './bluesky-publisher';
import { BlueskyXrpc } from './bluesky-xrpc';

/**
 * Deletes the delivery's posts (com.atproto.repo.deleteRecord), the replies first, then the gates
 * under the first post's key. Deleting a record the repository no longer has succeeds on a PDS,
 * so a post already gone resolves.
 */
export async function unpublishOnBluesky(api: BlueskyXrpc, request: UnpublishRequest): Promise<void> {
  const progress = blueskyProgressOf(request.progress);
  const uris = progress.posts.length > 0 ? progress.posts.map((ref) => ref.uri) : [request.platformPostId];
  const token = request.tokens.accessToken;
  const remove = async (collection: string, rkey: string) =>
    api.procedure('com.atproto.repo.deleteRecord', { repo: request.networkAccountId, collection, rkey }, token);
  for (const uri of [...uris].reverse()) {
    const parts = parseAtUri(uri);
    if (!parts) throw api.unexpected(`a post address that is not an AT URI: ${uri}`);
    await remove(parts.collection, parts.rkey);
  }
  const root = parseAtUri(uris[0]!);
  if (root && progress.threadgate) await remove('app.bsky.feed.threadgate', root.rkey);
  if (root && progress.postgate) await remove('app.bsky.feed.postgate', root.rkey);
}
