import { isRecord, recordField } from '../http/json-fields';
import { UnpublishRequest } from '../network-adapter';
import { NetworkError } from '../network-error';
import { XApi } from './x-api';

/**
 * Deletes the delivery's tweet with the user's token (`DELETE /2/tweets/:id` →
 * `{"data":{"deleted":true}}`). A 404 means it is already gone (an earlier attempt, or the user on
 * X): done. Replies of a thread are tweets of their own and stay.
 */
export async function unpublishOnX(api: XApi, request: UnpublishRequest): Promise<void> {
  let body: unknown;
  try {
    body = await api.send({
      method: 'DELETE',
      url: api.url(`/2/tweets/${encodeURIComponent(request.platformPostId)}`),
      headers: { Authorization: `Bearer ${request.tokens.accessToken}` },
    });
  } catch (error) {
    if (error instanceof NetworkError && error.details.status === 404) return;
    throw error;
  }
  const data = isRecord(body) ? recordField(body, 'data') : undefined;
  if (data?.deleted !== true) throw api.unexpected('no data.deleted = true in the answer to DELETE /2/tweets/:id');
}
