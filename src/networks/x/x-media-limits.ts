import type { NetworkMediaLimits } from '../../media';

const MB = 1024 * 1024;
const SECOND = 1000;

/** What X takes of an uploaded medium (docs/networks.md): the posts' media check and the capability document read it. */
export const X_MEDIA_LIMITS: NetworkMediaLimits = {
  size: { image: 5 * MB, gif: 15 * MB, video: 512 * MB },
  video: { minMs: 500, maxMs: 140 * SECOND },
};
