import { X_MEDIA_LIMITS } from './x-media-limits';
import { uploadLimits } from '../capabilities/upload-limits';
import type { NetworkCapabilities } from '../capabilities/network-capabilities';
import { extensionsOf } from '../media-kind';
import { X_IMAGE_FORMATS, X_MAX_IMAGES, X_VIDEO_FORMATS } from './x-content-rules';
import {
  X_LONG_POST_MAX_WEIGHTED_LENGTH,
  X_LONG_POST_SUBSCRIPTIONS,
  X_STANDARD_MAX_WEIGHTED_LENGTH,
} from './x-subscription';

/**
 * What an X post takes, from the constants xContentProblems checks and the upload limits the
 * posts' media check reads: up to 4 images, or 1 GIF, or 1 video; 280 weighted characters, or 25,000 for an account
 * whose subscription allows long posts.
 */
export const X_CAPABILITIES: NetworkCapabilities = {
  text: {
    maxLength: X_STANDARD_MAX_WEIGHTED_LENGTH,
    counting: 'weighted',
    maxHashtags: null,
    maxMentions: null,
    accountMaxLength: {
      maxLength: X_LONG_POST_MAX_WEIGHTED_LENGTH,
      accounts: `X accounts whose subscription (subscription_type) is ${[...X_LONG_POST_SUBSCRIPTIONS].join(' or ')}`,
    },
  },
  placements: {
    feed: {
      description: 'A post on the profile (each container after the first is a reply to the one before)',
      media: {
        minItems: 0,
        maxItems: X_MAX_IMAGES,
        kinds: {
          image: {
            formats: X_IMAGE_FORMATS,
            maxItems: X_MAX_IMAGES,
            alone: false,
            ...uploadLimits(X_MEDIA_LIMITS, 'image'),
          },
          gif: { formats: extensionsOf('gif'), maxItems: 1, alone: true, ...uploadLimits(X_MEDIA_LIMITS, 'gif') },
          video: { formats: X_VIDEO_FORMATS, maxItems: 1, alone: true, ...uploadLimits(X_MEDIA_LIMITS, 'video') },
        },
      },
    },
  },
  defaultPlacement: 'feed',
  placementOption: null,
  thread: { partsBecome: 'replies', partMedia: true, partTextRequired: false },
};
