import { uploadLimits } from '../capabilities/upload-limits';
import type { NetworkCapabilities } from '../capabilities/network-capabilities';
import { BLUESKY_IMAGE_FORMATS, BLUESKY_VIDEO_FORMATS } from './bluesky-content-rules';
import { BLUESKY_LIMITS } from './bluesky-lexicon-limits';
import { BLUESKY_MEDIA_LIMITS } from './bluesky-media-limits';

/** What a Bluesky post takes, from the lexicon limits blueskyContentProblems checks. */
export const BLUESKY_CAPABILITIES: NetworkCapabilities = {
  text: { maxLength: BLUESKY_LIMITS.textGraphemes, counting: 'graphemes', maxHashtags: null, maxMentions: null },
  placements: {
    feed: {
      description: 'A post on the profile (each container after the first is a reply to the one before)',
      media: {
        minItems: 0,
        maxItems: BLUESKY_LIMITS.images,
        kinds: {
          image: {
            formats: BLUESKY_IMAGE_FORMATS,
            maxItems: BLUESKY_LIMITS.images,
            alone: false,
            ...uploadLimits(BLUESKY_MEDIA_LIMITS, 'image'),
          },
          video: {
            formats: BLUESKY_VIDEO_FORMATS,
            maxItems: 1,
            alone: true,
            ...uploadLimits(BLUESKY_MEDIA_LIMITS, 'video'),
          },
        },
      },
    },
  },
  defaultPlacement: 'feed',
  placementOption: null,
  thread: { partsBecome: 'replies', partMedia: true, partTextRequired: false },
};
