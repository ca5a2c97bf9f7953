import type { NetworkMediaLimits } from '../../media';
import { linkedInApiRules } from '../../contracts';

const { images, videos } = linkedInApiRules().media;

/**
 * What LinkedIn takes of an uploaded medium (contracts/linkedin/api-rules.json `media`; the sizes
 * and durations are third parties', LinkedIn's stored pages did not state them): images up to
 * 10 MB, videos from 75 KB to 500 MB and from 3 seconds to 30 minutes.
 */
export const LINKEDIN_MEDIA_LIMITS: NetworkMediaLimits = {
  size: { image: images.maxBytes, gif: images.maxBytes, video: videos.maxBytes },
  video: { minMs: videos.minSeconds * 1000, maxMs: videos.maxSeconds * 1000 },
};
