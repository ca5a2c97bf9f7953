import { deleteGraphObject } from '../graph/graph-delete';
import { GraphApi } from '../graph/graph-api';
import { UnpublishRequest } from '../network-adapter';

/**
 * Deletes a Page post with the Page token (`DELETE /{page_post_id}` → `{"success":true}`); the
 * comments under it (a thread's other parts) go with it. A post Graph no longer has (code 100,
 * subcode 33) was deleted by an earlier attempt or on Facebook itself: done.
 */
export function unpublishOnFacebook(api: GraphApi, request: UnpublishRequest): Promise<void> {
  return deleteGraphObject(api, request.platformPostId, request.tokens.accessToken);
}
