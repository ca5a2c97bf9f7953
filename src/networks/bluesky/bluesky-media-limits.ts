import type { NetworkMediaLimits } from '../../media';
import { BLUESKY_LIMITS } from './bluesky-lexicon-limits';

/**
 * What Bluesky takes of an uploaded medium: the blob sizes its lexicons state (images 2,000,000
 * bytes, videos 300,000,000), and videos of up to 3 minutes, the length Bluesky's video service
 * takes (https://docs.bsky.app/docs/tutorials/video; `app.bsky.video.getUploadLimits` tells an
 * account's daily allowance). Bluesky states no shortest length.
 */
export const BLUESKY_MEDIA_LIMITS: NetworkMediaLimits = {
  size: { image: BLUESKY_LIMITS.imageBytes, video: BLUESKY_LIMITS.videoBytes },
  video: { minMs: 0, maxMs: 3 * 60_000 },
};
