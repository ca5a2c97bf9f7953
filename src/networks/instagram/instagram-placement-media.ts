import type { PlacementMedia } from '../placement-media';
import type { InstagramPlacement } from './instagram-post-options';

export const INSTAGRAM_CAROUSEL_MIN = 2;
export const INSTAGRAM_CAROUSEL_MAX = 10;
/** Images are JPEG only; Reels and carousel videos MP4 or MOV (docs/networks.md). */
export const INSTAGRAM_IMAGE_FORMATS: readonly string[] = ['jpg', 'jpeg'];
export const INSTAGRAM_VIDEO_FORMATS: readonly string[] = ['mp4', 'mov'];

/**
 * The media each placement takes (IG User Media reference: a feed post is an image, a video or a
 * carousel of 2 to 10; `REELS` one video; `STORIES` one image or one video), read by
 * instagramContentProblems and stated by the capability document.
 */
export const INSTAGRAM_PLACEMENT_MEDIA: Readonly<Record<InstagramPlacement, PlacementMedia>> = {
  feed: {
    minItems: 1,
    maxItems: INSTAGRAM_CAROUSEL_MAX,
    kinds: {
      image: { formats: INSTAGRAM_IMAGE_FORMATS, maxItems: INSTAGRAM_CAROUSEL_MAX, alone: false },
      video: { formats: INSTAGRAM_VIDEO_FORMATS, maxItems: INSTAGRAM_CAROUSEL_MAX, alone: false },
    },
  },
  reel: {
    minItems: 1,
    maxItems: 1,
    kinds: { video: { formats: INSTAGRAM_VIDEO_FORMATS, maxItems: 1, alone: true } },
  },
  story: {
    minItems: 1,
    maxItems: 1,
    kinds: {
      image: { formats: INSTAGRAM_IMAGE_FORMATS, maxItems: 1, alone: true },
      video: { formats: INSTAGRAM_VIDEO_FORMATS, maxItems: 1, alone: true },
    },
  },
};
