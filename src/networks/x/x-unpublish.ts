import { isRecord, recordField } from '../http/json-fields';
import { UnpublishRequest } from '../network-adapter';
import { NetworkError } from '../network-error';
import { XApi } from './x-api';
import { readXProgress } from './x-progress';

/**
 * Deletes the delivery's tweets with the user's token (`DELETE /2/tweets/:id` →
 * `{"data":{"deleted":true}}`): a thread's replies are tweets of their own, so each is deleted,
 * the last first, so the thread's head goes last. A 404 means a tweet is already gone (an earlier
 * attempt, or the user on X): done, which makes a retry after a failure midway continue.
 */
export async function unpublishOnX(api: XApi, request: UnpublishRequest): Promise<void> {
  for (const tweetId of threadTweetIds(request).reverse()) await deleteTweet(api, request, tweetId);
}

/** The thread's tweets in order, as publishing recorded them; the delivery's own id at least. */
function threadTweetIds(request: UnpublishRequest): string[] {
  const { tweetIds } = readXProgress(request.progress);
  return tweetIds.includes(request.platformPostId) ? tweetIds : [request.platformPostId, ...tweetIds];
}

async function deleteTweet(api: XApi, request: UnpublishRequest, tweetId: string): Promise<void> {
  let body: unknown;
  try {
    body = await api.send({
      method: 'DELETE',
      url: api.url(`/2/tweets/${encodeURIComponent(tweetId)}`),
      headers: { Authorization: `Bearer ${request.tokens.accessToken}` },
    });
  } catch (error) {
    if (error instanceof NetworkError && error.details.status === 404) return;
    throw error;
  }
  const data = isRecord(body) ? recordField(body, 'data') : undefined;
  if (data?.deleted !== true) throw api.unexpected('no data.deleted = true in the answer to DELETE /2/tweets/:id');
}
