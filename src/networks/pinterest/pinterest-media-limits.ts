import type { NetworkMediaLimits } from '../../media';
import { pinterestApiRules } from '../../contracts';

const { image, video } = pinterestApiRules().media.limits;

/**
 * What Pinterest takes of an uploaded medium (contracts/pinterest/api-rules.json `media.limits`,
 * from Pinterest's product specs and video pin pages): images up to 10 MB, videos up to 2 GB and
 * from 4 seconds to 15 minutes.
 */
export const PINTEREST_MEDIA_LIMITS: NetworkMediaLimits = {
  size: { image: image.maxBytes, video: video.maxBytes },
  video: { minMs: video.minSeconds * 1000, maxMs: video.maxSeconds * 1000 },
};
