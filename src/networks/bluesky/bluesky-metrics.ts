import { arrayField, isRecord, numberField } from '../http/json-fields';
import {
  AccountMetricsRequest,
  countOf,
  MetricNames,
  MetricReading,
  PostMetricsRequest,
} from '../metrics/metric-reading';
import { NetworkError } from '../network-error';
import { BlueskyXrpc } from './bluesky-xrpc';

/** The service's name of each count of a post view (app.bsky.feed.defs#postView). */
const POST_COUNTS = {
  likes: 'likeCount',
  comments: 'replyCount',
  shares: 'repostCount',
  quotes: 'quoteCount',
} as const;
/** …and of a profile (app.bsky.actor.defs#profileViewDetailed). */
const PROFILE_COUNTS = { followers: 'followersCount', following: 'followsCount', posts: 'postsCount' } as const;

export const BLUESKY_METRIC_NAMES: MetricNames = {
  post: Object.keys(POST_COUNTS),
  account: Object.keys(PROFILE_COUNTS),
};

function countsOf(view: Record<string, unknown>, table: Record<string, string>): MetricReading {
  return Object.fromEntries(Object.entries(table).map(([name, field]) => [name, countOf(numberField(view, field))]));
}

/** `app.bsky.feed.getPosts`: the post's view with its counts, as the appview has them. */
export async function blueskyPostMetrics(api: BlueskyXrpc, request: PostMetricsRequest): Promise<MetricReading> {
  const body = await api.query(
    'app.bsky.feed.getPosts',
    { uris: [request.platformPostId] },
    request.tokens.accessToken,
  );
  const view = (isRecord(body) ? arrayField(body, 'posts') : undefined)?.find(isRecord);
  if (!view) throw new NetworkError(api.network, 'permanent', 'Bluesky no longer has this post', { code: 'NotFound' });
  return countsOf(view, POST_COUNTS);
}

/** `app.bsky.actor.getProfile` of the account. */
export async function blueskyAccountMetrics(api: BlueskyXrpc, request: AccountMetricsRequest): Promise<MetricReading> {
  const body = await api.query(
    'app.bsky.actor.getProfile',
    { actor: request.networkAccountId },
    request.tokens.accessToken,
  );
  if (!isRecord(body)) throw api.unexpected('getProfile answered without a profile');
  return countsOf(body, PROFILE_COUNTS);
}
