import { JsonRecord, numberField, recordField, stringField } from '../http/json-fields';
import { NetworkError } from '../network-error';
import { ThreadsApi, threadsNode } from './threads-api';

/** When the posts of the window cannot be read, look again after this long. */
const UNKNOWN_RESET_WAIT_MS = 60 * 60_000;

interface Quota {
  usage: number;
  total: number;
  durationMs: number;
}

function quotaOf(entry: JsonRecord | undefined, usageKey: string, configKey: string): Quota | undefined {
  const usage = entry ? numberField(entry, usageKey) : undefined;
  const config = entry ? recordField(entry, configKey) : undefined;
  const total = config ? numberField(config, 'quota_total') : undefined;
  if (usage === undefined || total === undefined) return undefined;
  return { usage, total, durationMs: (numberField(config!, 'quota_duration') ?? 86_400) * 1000 };
}

/**
 * Reads `threads_publishing_limit` before anything of a delivery is made, and refuses (rate_limited,
 * until one more fits) a post the profile's quota cannot take: 250 posts and 1,000 replies per 24
 * hours (the overview page; the totals are read live). The quota is a moving window: the time one
 * more fits is when the oldest post of the window leaves it, read from the profile's posts (or
 * replies).
 */
export async function checkThreadsQuota(
  api: ThreadsApi,
  accessToken: string,
  userId: string,
  replies: number,
  now: Date,
): Promise<void> {
  const page = await api.list(threadsNode(userId, 'threads_publishing_limit'), accessToken, {
    fields: `quota_usage,config${replies > 0 ? ',reply_quota_usage,reply_config' : ''}`,
  });
  const [entry] = page.entries;
  const posts = quotaOf(entry, 'quota_usage', 'config');
  if (posts && posts.usage + 1 > posts.total)
    throw await exhausted(api, accessToken, userId, 'threads', 'posts', posts, now);
  const answers = replies > 0 ? quotaOf(entry, 'reply_quota_usage', 'reply_config') : undefined;
  if (answers && answers.usage + replies > answers.total)
    throw await exhausted(api, accessToken, userId, 'replies', 'replies', answers, now);
}

async function exhausted(
  api: ThreadsApi,
  accessToken: string,
  userId: string,
  edge: 'threads' | 'replies',
  what: string,
  quota: Quota,
  now: Date,
): Promise<NetworkError> {
  const page = await api.list(threadsNode(userId, edge), accessToken, {
    fields: 'id,timestamp',
    limit: String(Math.min(Math.max(quota.usage, 1), 100)),
  });
  const windowStart = now.getTime() - quota.durationMs;
  const counted = page.entries
    .map((entry) => Date.parse((stringField(entry, 'timestamp') ?? '').replace(/\+0000$/, 'Z')))
    .filter((at) => Number.isFinite(at) && at > windowStart);
  const retryAt =
    counted.length > 0
      ? new Date(Math.min(...counted) + quota.durationMs)
      : new Date(now.getTime() + UNKNOWN_RESET_WAIT_MS);
  return new NetworkError(
    api.network,
    'rate_limited',
    `The Threads profile used up its publishing quota (${quota.usage} of ${quota.total} ${what} in ${quota.durationMs / 3_600_000} hours)`,
    { code: 'quota_exhausted', retryAt },
  );
}
