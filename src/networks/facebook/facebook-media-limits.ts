import { pageReelsStoriesRules } from '../../contracts';
import type { NetworkMediaLimits } from '../../media';

const MB = 1024 * 1024;
const MINUTE = 60_000;
/** Facebook's videos: the 10 GB of its resumable upload (developers.facebook.com/docs/graph-api/video-uploads). */
const FACEBOOK_VIDEO_BYTES = 10 * 1024 * MB;

/** What Facebook takes of an uploaded medium (docs/networks.md): the posts' media check and the capability document read it. */
export const FACEBOOK_MEDIA_LIMITS: NetworkMediaLimits = {
  size: { image: 10 * MB, gif: 10 * MB, video: FACEBOOK_VIDEO_BYTES },
  video: { minMs: 0, maxMs: 240 * MINUTE },
  // A reel and a video story: the durations of the Reels Publishing and Page Stories guides
  // (contracts/meta/page-reels-stories.json); a story's photo: "Files can not exceed 10MB".
  placements: {
    reel: { size: { video: FACEBOOK_VIDEO_BYTES }, video: pageReelsStoriesRules().reelDuration },
    story: {
      size: {
        image: pageReelsStoriesRules().photoStoryMaxBytes,
        gif: pageReelsStoriesRules().photoStoryMaxBytes,
        video: FACEBOOK_VIDEO_BYTES,
      },
      video: pageReelsStoriesRules().videoStoryDuration,
    },
  },
};
