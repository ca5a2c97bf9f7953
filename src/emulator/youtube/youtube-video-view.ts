import { postMetric } from '../metrics/emulated-metrics';
import { EmulatorState } from '../state/emulator-state';
import { PublishedItem } from '../state/published-log';
import { YOUTUBE_VIDEOS, YouTubeVideoState } from './youtube-stored-objects';
import { findYouTubeChannel } from './youtube-test-user';

/** Each statistic videos.list answers and its order of size after a day (the emulator's growth curve). */
export const YOUTUBE_VIDEO_STATISTICS: Record<string, number> = {
  viewCount: 1500,
  likeCount: 90,
  favoriteCount: 0,
};

/** A video's uploadStatus now: `uploaded` (processing) until it was read youtubeProcessingPolls times, then `processed`. */
export function uploadStatus(state: EmulatorState, video: YouTubeVideoState): 'uploaded' | 'processed' | 'failed' {
  if (video.failureReason) return 'failed';
  return video.polls >= state.settings.youtubeProcessingPolls ? 'processed' : 'uploaded';
}

/** Comments under a video that are alive: top-level ones and their answers. */
export function commentCount(state: EmulatorState, videoId: string): number {
  const under = new Set([videoId]);
  return state.published.list({ network: 'youtube' }).filter((item) => {
    if (!item.parentId || item.deletedAt || !under.has(item.parentId)) return false;
    under.add(item.postId);
    return true;
  }).length;
}

/** A Video resource with the parts asked for (`id` always), as videos.list and videos.insert answer it. */
export function videoView(
  state: EmulatorState,
  item: PublishedItem,
  parts: readonly string[],
): Record<string, unknown> {
  const video = state.objects.of(YOUTUBE_VIDEOS).get(item.postId);
  const channel = findYouTubeChannel(state, item.accountId)?.channel;
  const fields = item.youtube ?? {};
  const view: Record<string, unknown> = { kind: 'youtube#video', etag: `e${item.sequence}`, id: item.postId };
  if (parts.includes('snippet'))
    view.snippet = {
      publishedAt: item.publishedAt,
      channelId: item.accountId,
      title: fields.title ?? '',
      description: item.text,
      thumbnails: { default: { url: `https://i.ytimg.com/vi/${item.postId}/default.jpg`, width: 120, height: 90 } },
      channelTitle: channel?.title ?? '',
      ...(fields.tags?.length ? { tags: fields.tags } : {}),
      categoryId: fields.categoryId ?? '22',
      liveBroadcastContent: 'none',
      localized: { title: fields.title ?? '', description: item.text },
    };
  if (parts.includes('status') && video) {
    const status = uploadStatus(state, video);
    view.status = {
      uploadStatus: status,
      ...(status === 'failed' ? { failureReason: video.failureReason } : {}),
      privacyStatus: video.privacyStatus,
      license: 'youtube',
      embeddable: true,
      publicStatsViewable: true,
      madeForKids: video.selfDeclaredMadeForKids,
      selfDeclaredMadeForKids: video.selfDeclaredMadeForKids,
      ...(video.containsSyntheticMedia !== undefined ? { containsSyntheticMedia: video.containsSyntheticMedia } : {}),
    };
  }
  if (parts.includes('statistics')) {
    const statistics: Record<string, string> = {};
    for (const [name, scale] of Object.entries(YOUTUBE_VIDEO_STATISTICS)) {
      const value = postMetric(state, 'youtube', item.postId, name, scale, item.publishedAt);
      if (value !== undefined) statistics[name] = String(value);
    }
    const comments = postMetric(state, 'youtube', item.postId, 'commentCount', 0, item.publishedAt);
    if (comments !== undefined) statistics.commentCount = String(Math.max(comments, commentCount(state, item.postId)));
    view.statistics = statistics;
  }
  return view;
}
