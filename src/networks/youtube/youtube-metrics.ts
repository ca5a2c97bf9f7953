import { lackedFor, PermissionNeeds } from '../account-permissions';
import { arrayField, isRecord, numberField, recordField } from '../http/json-fields';
import {
  AccountMetricsRequest,
  allUnavailable,
  countOf,
  MetricNames,
  MetricReading,
  PostMetricsRequest,
  unavailable,
} from '../metrics/metric-reading';
import { YouTubeApi } from './youtube-api';

/** A video's statistics (videos.list part=statistics), in the service's names. */
const VIDEO_STATISTICS = { views: 'viewCount', likes: 'likeCount', comments: 'commentCount' } as const satisfies Record<
  string,
  string
>;
/** A channel's (channels.list part=statistics mine=true). */
const CHANNEL_STATISTICS = {
  followers: 'subscriberCount',
  views: 'viewCount',
  posts: 'videoCount',
} as const satisfies Record<string, string>;

export const YOUTUBE_METRIC_NAMES: MetricNames = {
  post: Object.keys(VIDEO_STATISTICS),
  account: Object.keys(CHANNEL_STATISTICS),
};

function readingOf(statistics: Record<string, unknown>, table: Record<string, string>): MetricReading {
  return Object.fromEntries(
    Object.entries(table).map(([name, field]) => [name, countOf(numberField(statistics, field))]),
  );
}

/** A video's views, likes and comments; a video YouTube does not list (deleted, private to others) reads as not reported. */
export async function youTubePostMetrics(
  api: YouTubeApi,
  request: PostMetricsRequest,
  needs: PermissionNeeds,
): Promise<MetricReading> {
  const lacking = lackedFor(needs, 'metrics', request.permissions);
  if (lacking.length)
    return allUnavailable(YOUTUBE_METRIC_NAMES.post, 'missing_permission', `The login lacks ${lacking.join(', ')}`);
  const body = await api.call('GET', 'videos', { part: 'statistics', id: request.platformPostId });
  const [video] = (arrayField(body, 'items') ?? []).filter(isRecord);
  return readingOf(recordField(video ?? {}, 'statistics') ?? {}, VIDEO_STATISTICS);
}

/** The channel's subscribers, views and videos; subscribers a channel hides read as not reported. */
export async function youTubeAccountMetrics(api: YouTubeApi, _request: AccountMetricsRequest): Promise<MetricReading> {
  const body = await api.call('GET', 'channels', { part: 'statistics', mine: 'true' });
  const [channel] = (arrayField(body, 'items') ?? []).filter(isRecord);
  const statistics = recordField(channel ?? {}, 'statistics') ?? {};
  const reading = readingOf(statistics, CHANNEL_STATISTICS);
  if (statistics.hiddenSubscriberCount === true)
    reading.followers = unavailable('not_reported', 'The channel hides its subscriber count');
  return reading;
}
