import { GraphApi } from '../graph/graph-api';
import { graphEdge, node } from '../graph/graph-publishing';
import { numberField, recordField, stringField } from '../http/json-fields';
import { NetworkError } from '../network-error';

/** media_publish refused because the account used up its publishing quota. */
export const INSTAGRAM_QUOTA_SUBCODE = 2207042;
/** When no post of the quota's window is among the recent media, look again after this long. */
const UNKNOWN_RESET_WAIT_MS = 60 * 60_000;

export function isQuotaExhausted(error: unknown): error is NetworkError {
  return error instanceof NetworkError && error.details.subcode === INSTAGRAM_QUOTA_SUBCODE;
}

/**
 * The rate-limit error for an account that used up its publishing quota, with the time a post
 * leaves the quota's rolling window. Instagram gives no reset time: it counts the posts of the
 * last `quota_duration` seconds (content_publishing_limit, read live since Meta's pages disagree on
 * the total), so the oldest of those, from the account's recent media, says when one more fits.
 * When the live reading does not show the quota used up, the refusal is handled as it came.
 */
export async function quotaExhaustedError(
  api: GraphApi,
  accessToken: string,
  igUserId: string,
  cause: NetworkError,
  now: Date,
): Promise<NetworkError> {
  const [limit] = await graphEdge(api, node(igUserId, 'content_publishing_limit'), accessToken, {
    fields: 'quota_usage,config',
  });
  const usage = limit ? numberField(limit, 'quota_usage') : undefined;
  const config = limit ? recordField(limit, 'config') : undefined;
  const total = config ? numberField(config, 'quota_total') : undefined;
  if (usage === undefined || total === undefined || usage < total) return cause;
  const durationMs = (numberField(config!, 'quota_duration') ?? 86_400) * 1000;
  const media = await graphEdge(api, node(igUserId, 'media'), accessToken, {
    fields: 'id,timestamp',
    limit: String(Math.min(usage, 100)),
  });
  const windowStart = now.getTime() - durationMs;
  const counted = media
    .map((medium) => Date.parse(stringField(medium, 'timestamp') ?? ''))
    .filter((at) => Number.isFinite(at) && at > windowStart);
  const retryAt =
    counted.length > 0 ? new Date(Math.min(...counted) + durationMs) : new Date(now.getTime() + UNKNOWN_RESET_WAIT_MS);
  return new NetworkError(
    'instagram',
    'rate_limited',
    `The Instagram account used up its publishing quota (${usage} of ${total} posts in ${durationMs / 3_600_000} hours)`,
    {
      ...cause.details,
      retryAt,
    },
  );
}
