import { lackedFor, PermissionNeeds } from '../account-permissions';
import { arrayField, isRecord, numberField, stringField } from '../http/json-fields';
import {
  allUnavailable,
  countOf,
  MetricNames,
  MetricReading,
  MetricUnavailableReason,
  PostMetricsRequest,
} from '../metrics/metric-reading';
import { NetworkError } from '../network-error';
import { TikTokApi } from './tiktok-api';
import { publicPostIds } from './tiktok-publisher';

/** The video query's counts, in the service's names. */
const VIDEO_COUNTS = {
  views: 'view_count',
  likes: 'like_count',
  comments: 'comment_count',
  shares: 'share_count',
} as const satisfies Record<string, string>;

/** TikTok reports post metrics only here; an account's (followers: user.info.stats) is not read. */
export const TIKTOK_METRIC_NAMES: MetricNames = { post: Object.keys(VIDEO_COUNTS), account: [] };

const all = (reason: MetricUnavailableReason, message: string): MetricReading =>
  allUnavailable(TIKTOK_METRIC_NAMES.post, reason, message);

/** A publish id (`v_pub_file~…`, `p_pub_url~…`), which a delivery keeps where TikTok gave no public post id. */
const isPublishId = (id: string) => /_pub_/.test(id);

/**
 * A post's counts: `POST /v2/video/query/` for its id (video.list). A delivery that kept the
 * publish id (TikTok gave no public id when it completed) asks status/fetch again, since TikTok
 * gives the id once moderation made the post public; a private post never has one, and its counts
 * are unavailable (the video query answers public videos only).
 */
export async function tiktokPostMetrics(
  api: TikTokApi,
  request: PostMetricsRequest,
  needs: PermissionNeeds,
): Promise<MetricReading> {
  if (lackedFor(needs, 'metrics', request.permissions).length)
    return all('missing_permission', 'The login lacks video.list');
  let videoId = request.platformPostId;
  if (isPublishId(videoId)) {
    const { text } = await api.post('/v2/post/publish/status/fetch/', { publish_id: videoId });
    const [found] = publicPostIds(text);
    if (!found)
      return all(
        'not_reported',
        'TikTok gives no public id for this post (a private post, or one not yet public): no counts',
      );
    videoId = found;
  }
  try {
    const { data } = await api.post(
      '/v2/video/query/',
      { filters: { video_ids: [videoId] } },
      { fields: ['id', ...Object.values(VIDEO_COUNTS)].join(',') },
    );
    const video = (arrayField(data, 'videos') ?? [])
      .filter(isRecord)
      .find((entry) => stringField(entry, 'id') === videoId);
    if (!video) return all('not_reported', 'TikTok did not answer this video (private, or no longer there)');
    return Object.fromEntries(
      Object.entries(VIDEO_COUNTS).map(([name, field]) => [name, countOf(numberField(video, field))]),
    );
  } catch (error) {
    if (error instanceof NetworkError && error.details.permissionDenied)
      return all('missing_permission', error.message);
    throw error;
  }
}
