import type { NetworkMediaLimits } from '../../media';

const MB = 1024 * 1024;
const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** What Instagram takes of an uploaded medium (docs/networks.md): the posts' media check and the capability document read it. */
export const INSTAGRAM_MEDIA_LIMITS: NetworkMediaLimits = {
  size: { image: 8 * MB, video: 300 * MB },
  video: { minMs: 3 * SECOND, maxMs: 15 * MINUTE },
  carouselVideo: { minMs: 3 * SECOND, maxMs: 60 * SECOND },
  // Story Image and Story Video Specifications of the IG User Media reference (8 MB; 3 to 60 s, 100 MB);
  // Reel Specifications: 3 s to 15 min, 300 MB (those of a single video above).
  placements: {
    reel: { size: { video: 300 * MB }, video: { minMs: 3 * SECOND, maxMs: 15 * MINUTE } },
    story: { size: { image: 8 * MB, video: 100 * MB }, video: { minMs: 3 * SECOND, maxMs: 60 * SECOND } },
  },
};
