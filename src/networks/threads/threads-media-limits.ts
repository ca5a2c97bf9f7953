import type { NetworkMediaLimits } from '../../media';
import { threadsPublishingRules } from '../../contracts';

const { image, video } = threadsPublishingRules().mediaLimits;

/**
 * What Threads takes of an uploaded medium (the overview page's Limitations and Specifications,
 * contracts/threads/publishing-rules.json `mediaLimits`): images up to 8 MB; videos up to 1 GB and
 * 5 minutes, in a carousel as alone.
 */
export const THREADS_MEDIA_LIMITS: NetworkMediaLimits = {
  size: { image: image.maxBytes, video: video.maxBytes },
  // "Duration: 300 seconds maximum, 0 seconds minimum" (overview): no shortest length of its own.
  video: { minMs: 0, maxMs: video.maxSeconds * 1000 },
};
