import type { NetworkMediaLimits } from '../../media';
import { tiktokApiRules } from '../../contracts';

const { video, photo } = tiktokApiRules().media;

/**
 * What TikTok takes of an uploaded medium (contracts/tiktok/api-rules.json `media`; third parties'
 * numbers, TikTok's stored pages did not state them): photos up to 20 MB, videos up to 4 GB and
 * from 3 seconds to 10 minutes (the longest a developer may send; the creator's own longest,
 * creator_info's max_video_post_duration_sec, is checked when publishing).
 */
export const TIKTOK_MEDIA_LIMITS: NetworkMediaLimits = {
  size: { image: photo.maxBytes, video: video.maxBytes },
  video: { minMs: video.minSeconds * 1000, maxMs: video.maxSeconds * 1000 },
};
