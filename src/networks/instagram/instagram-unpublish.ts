import { deleteGraphObject } from '../graph/graph-delete';
import { GraphApi } from '../graph/graph-api';
import { UnpublishRequest } from '../network-adapter';

/**
 * Deletes a published medium through Facebook Login: `DELETE /{ig-media-id}` on graph.facebook.com
 * with the Page token, answered `{"success":true}` (IGMedia's `#delete` in Meta's API specs,
 * facebook/facebook-business-sdk-codegen api_specs/specs/IGMedia.json; `IGMedia.api_delete` in
 * facebook/facebook-python-business-sdk since commit 58679e0, 2025-10-23). No Meta reference page
 * documents the call yet. A thread's other parts are comments on the medium (its `comments` edge),
 * so only the medium is deleted and they go with it. A medium Graph no longer has (code 100,
 * subcode 33, Graph's answer for any object it does not have) counts as deleted.
 *
 * Never called through Instagram Login: its media node (IGMediaForIGOnlyAPI) has no delete, and
 * graph.instagram.com answers one with that same 100/33 ("Unsupported delete request"), which
 * would be read as a medium already gone.
 */
export function unpublishOnInstagram(api: GraphApi, request: UnpublishRequest): Promise<void> {
  return deleteGraphObject(api, request.platformPostId, request.tokens.accessToken);
}
