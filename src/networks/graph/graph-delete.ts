import { isRecord } from '../http/json-fields';
import { NetworkError } from '../network-error';
import { GraphApi } from './graph-api';

/** Graph's answer for an object that does not exist (or is no longer visible): code 100, subcode 33. */
function isGoneFromGraph(error: unknown): boolean {
  return error instanceof NetworkError && error.details.code === 100 && error.details.subcode === 33;
}

/**
 * `DELETE /{object-id}` with `accessToken`, which Graph answers `{"success":true}`. An object Graph
 * no longer has was deleted by an earlier attempt or on the network itself: done, so a retry is safe.
 */
export async function deleteGraphObject(api: GraphApi, objectId: string, accessToken: string): Promise<void> {
  let body: unknown;
  try {
    body = await api.send({
      method: 'DELETE',
      url: api.url(`/${encodeURIComponent(objectId)}`),
      query: { access_token: accessToken },
    });
  } catch (error) {
    if (isGoneFromGraph(error)) return;
    throw error;
  }
  if (!isRecord(body) || body.success !== true) throw api.unexpected('no "success": true in the answer to DELETE');
}
