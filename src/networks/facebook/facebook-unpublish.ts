import { GraphApi } from '../graph/graph-api';
import { isRecord } from '../http/json-fields';
import { UnpublishRequest } from '../network-adapter';
import { NetworkError } from '../network-error';

/** Graph's answer for an object that does not exist (or is no longer visible): code 100, subcode 33. */
function isGoneFromGraph(error: unknown): boolean {
  return error instanceof NetworkError && error.details.code === 100 && error.details.subcode === 33;
}

/**
 * Deletes a Page post with the Page token (`DELETE /{page_post_id}` → `{"success":true}`); the
 * comments under it (a thread's other parts) go with it. A post Graph no longer has was deleted by
 * an earlier attempt or on Facebook itself: done.
 */
export async function unpublishOnFacebook(api: GraphApi, request: UnpublishRequest): Promise<void> {
  let body: unknown;
  try {
    body = await api.send({
      method: 'DELETE',
      url: api.url(`/${encodeURIComponent(request.platformPostId)}`),
      query: { access_token: request.tokens.accessToken },
    });
  } catch (error) {
    if (isGoneFromGraph(error)) return;
    throw error;
  }
  if (!isRecord(body) || body.success !== true) throw api.unexpected('no "success": true in the answer to DELETE');
}
