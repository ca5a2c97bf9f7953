import { uploadLimits } from '../capabilities/upload-limits';
import type { NetworkCapabilities } from '../capabilities/network-capabilities';
import {
  INSTAGRAM_CAPTION_LIMIT,
  INSTAGRAM_CAROUSEL_MAX,
  INSTAGRAM_HASHTAG_LIMIT,
  INSTAGRAM_IMAGE_FORMATS,
  INSTAGRAM_MENTION_LIMIT,
  INSTAGRAM_VIDEO_FORMATS,
} from './instagram-content-rules';
import { INSTAGRAM_IDENTITY } from './instagram.identity';

/**
 * What an Instagram post takes, from the constants instagramContentProblems checks and the upload
 * limits the posts' media check reads. A placement the rules learn (a reel, a story) joins
 * `placements` with its own media table, read by the rules for that placement.
 */
export const INSTAGRAM_CAPABILITIES: NetworkCapabilities = {
  text: {
    maxLength: INSTAGRAM_CAPTION_LIMIT,
    counting: 'utf16',
    maxHashtags: INSTAGRAM_HASHTAG_LIMIT,
    maxMentions: INSTAGRAM_MENTION_LIMIT,
  },
  placements: {
    feed: {
      description: 'A feed post: one image or video, or a carousel of several (a single video is published as a reel)',
      media: {
        minItems: 1,
        maxItems: INSTAGRAM_CAROUSEL_MAX,
        kinds: {
          image: {
            formats: INSTAGRAM_IMAGE_FORMATS,
            maxItems: INSTAGRAM_CAROUSEL_MAX,
            alone: false,
            ...uploadLimits(INSTAGRAM_IDENTITY.id, 'image'),
          },
          video: {
            formats: INSTAGRAM_VIDEO_FORMATS,
            maxItems: INSTAGRAM_CAROUSEL_MAX,
            alone: false,
            ...uploadLimits(INSTAGRAM_IDENTITY.id, 'video'),
          },
        },
      },
    },
  },
  defaultPlacement: 'feed',
  placementOption: null,
  thread: { partsBecome: 'comments', partMedia: false, partTextRequired: true },
};
