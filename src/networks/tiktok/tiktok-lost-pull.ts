import { tiktokApiRules } from '../../contracts';
import { arrayField, isRecord, numberField, stringField } from '../http/json-fields';
import { PublishOutcome, PublishRequest } from '../network-adapter';
import { NetworkError } from '../network-error';
import { TikTokApi } from './tiktok-api';
import { TikTokPostOptions } from './tiktok-post-options';
import { nextRead, TikTokProgress, tiktokProgressJson } from './tiktok-progress';

const { endpoints } = tiktokApiRules();

/** How long a pull whose answer was lost is looked for among the creator's public posts. */
export const TIKTOK_LOST_PULL_SEARCH_MS = 30 * 60_000;
/** Tolerated difference between our clock and TikTok's when matching a post's creation time. */
const CLOCK_SKEW_MS = 2 * 60_000;

/**
 * A pull whose init answer was lost (a 500 after TikTok took it, or a crash): TikTok may have
 * posted it, and finds a publish by its id only. A public post shows among the creator's public
 * posts (`POST /v2/video/list/`, newest first) once TikTok processed and moderated it: the one
 * created since the init was sent, with the post's text, is adopted. It is looked for, by polling,
 * for TIKTOK_LOST_PULL_SEARCH_MS; a post that never shows (a private one never does) fails the
 * delivery as `publish_outcome_unknown`. It is never sent again: that could post it twice.
 */
export async function findLostPull(
  api: TikTokApi,
  request: PublishRequest,
  options: TikTokPostOptions,
  progress: TikTokProgress,
  settings: { pollMs: number },
  published: (postId: string, permalink: string | null) => PublishOutcome,
  permalinkOf: (postId: string) => string,
): Promise<PublishOutcome> {
  const sentAt = Date.parse(progress.pullSentAt!);
  const unknown = () =>
    new NetworkError(
      api.network,
      'permanent',
      "TikTok was asked to publish this post, but its answer was lost and the post did not show among the creator's public posts: it is not sent again (TikTok finds a publish by its id only; the post may be on TikTok)",
      { code: 'publish_outcome_unknown' },
    );
  if (options.mode === 'draft' || options.privacyLevel !== 'PUBLIC_TO_EVERYONE') throw unknown();
  const text = request.parts[0]?.text ?? '';
  const { data } = await api.post(
    endpoints.videoList.path,
    { max_count: 20 },
    { fields: 'id,title,video_description,create_time' },
  );
  const found = (arrayField(data, 'videos') ?? []).filter(isRecord).find((video) => {
    const createdAt = (numberField(video, 'create_time') ?? 0) * 1000;
    const caption = stringField(video, 'video_description') ?? stringField(video, 'title') ?? '';
    return createdAt >= sentAt - CLOCK_SKEW_MS && caption === text;
  });
  const id = found ? stringField(found, 'id') : undefined;
  if (id) return published(id, permalinkOf(id));
  const now = Date.now();
  if (!Number.isFinite(sentAt) || now - sentAt >= TIKTOK_LOST_PULL_SEARCH_MS) throw unknown();
  return { kind: 'poll', at: nextRead(progress, settings.pollMs, now), progress: tiktokProgressJson(progress) };
}
