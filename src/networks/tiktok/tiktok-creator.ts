import { arrayField, numberField, stringField } from '../http/json-fields';
import { PostPart } from '../network-adapter';
import { NetworkError } from '../network-error';
import { TikTokApi } from './tiktok-api';
import { TikTokPostOptions } from './tiktok-post-options';

/** What creator_info says of the creator now: the privacy levels offered and the interactions they turned off. */
export interface TikTokCreatorInfo {
  username?: string;
  privacyLevels: string[];
  commentDisabled: boolean;
  duetDisabled: boolean;
  stitchDisabled: boolean;
  maxVideoSeconds?: number;
}

/** `POST /v2/post/publish/creator_info/query/`, which TikTok asks before each post. */
export async function tiktokCreatorInfo(api: TikTokApi): Promise<TikTokCreatorInfo> {
  const { data } = await api.post('/v2/post/publish/creator_info/query/', {});
  const username = stringField(data, 'creator_username');
  const longest = numberField(data, 'max_video_post_duration_sec');
  return {
    ...(username ? { username } : {}),
    privacyLevels: (arrayField(data, 'privacy_level_options') ?? []).filter(
      (level): level is string => typeof level === 'string',
    ),
    commentDisabled: data.comment_disabled === true,
    duetDisabled: data.duet_disabled === true,
    stitchDisabled: data.stitch_disabled === true,
    ...(longest !== undefined ? { maxVideoSeconds: longest } : {}),
  };
}

/**
 * What the creator's account refuses of this post, before anything is sent: a privacy level it
 * does not offer (TikTok answers privacy_level_option_mismatch), a video longer than the creator
 * may post. Permanent: the post or the account's settings must change.
 */
export function creatorProblems(
  api: TikTokApi,
  creator: TikTokCreatorInfo,
  post: PostPart,
  options: TikTokPostOptions,
): void {
  const level = options.privacyLevel;
  if (level !== undefined && !creator.privacyLevels.includes(level))
    throw new NetworkError(
      api.network,
      'permanent',
      `The TikTok account does not offer privacyLevel ${level} now: it offers ${creator.privacyLevels.join(', ') || 'none'}`,
      { code: 'privacy_level_option_mismatch' },
    );
  const longest = creator.maxVideoSeconds;
  const video = post.media.find((medium) => medium.kind === 'video');
  if (longest !== undefined && video?.durationMs !== undefined && video.durationMs > longest * 1000)
    throw new NetworkError(
      api.network,
      'permanent',
      `The video lasts ${Math.ceil(video.durationMs / 1000)} s; this TikTok account may post videos of at most ${longest} s`,
      { code: 'duration_check_failed' },
    );
}
