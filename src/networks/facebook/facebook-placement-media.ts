import { extensionsOf } from '../media-kind';
import type { PlacementMedia } from '../placement-media';
import type { FacebookPlacement } from './facebook-post-options';

/** Photo formats Facebook accepts (docs/networks.md): JPEG, BMP, PNG, GIF, TIFF; a story's photo the same (Page Stories guide). */
export const FACEBOOK_PHOTO_FORMATS: readonly string[] = ['jpg', 'jpeg', 'bmp', 'png', 'gif', 'tif', 'tiff'];
/** The most photos one multi-photo post takes here. */
export const FACEBOOK_MAX_PHOTOS = 10;

const IMAGE_FORMATS = extensionsOf('image', FACEBOOK_PHOTO_FORMATS);
const GIF_FORMATS = extensionsOf('gif', FACEBOOK_PHOTO_FORMATS);
/** No video format is checked beyond those the service publishes at all. */
const VIDEO_FORMATS = extensionsOf('video');

/**
 * The media each placement takes, read by facebookContentProblems and facebookPlacementProblems
 * and stated by the capability document: a feed post up to 10 photos (GIFs among them) or one
 * video alone; a reel one video (Reels Publishing guide); a story one photo or one video (Page
 * Stories guide).
 */
export const FACEBOOK_PLACEMENT_MEDIA: Readonly<Record<FacebookPlacement, PlacementMedia>> = {
  feed: {
    minItems: 0,
    maxItems: FACEBOOK_MAX_PHOTOS,
    kinds: {
      image: { formats: IMAGE_FORMATS, maxItems: FACEBOOK_MAX_PHOTOS, alone: false },
      gif: { formats: GIF_FORMATS, maxItems: FACEBOOK_MAX_PHOTOS, alone: false },
      video: { formats: VIDEO_FORMATS, maxItems: 1, alone: true },
    },
  },
  reel: {
    minItems: 1,
    maxItems: 1,
    kinds: { video: { formats: VIDEO_FORMATS, maxItems: 1, alone: true } },
  },
  story: {
    minItems: 1,
    maxItems: 1,
    kinds: {
      image: { formats: IMAGE_FORMATS, maxItems: 1, alone: true },
      gif: { formats: GIF_FORMATS, maxItems: 1, alone: true },
      video: { formats: VIDEO_FORMATS, maxItems: 1, alone: true },
    },
  },
};
