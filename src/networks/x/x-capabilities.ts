import { uploadLimits } from '../capabilities/upload-limits';
import type { NetworkCapabilities } from '../capabilities/network-capabilities';
import { extensionsOf } from '../media-kind';
import { X_IMAGE_FORMATS, X_MAX_IMAGES, X_MAX_WEIGHTED_LENGTH, X_VIDEO_FORMATS } from './x-content-rules';
import { X_IDENTITY } from './x.identity';

/**
 * What an X post takes, from the constants xContentProblems checks and the upload limits the
 * posts' media check reads: up to 4 images, or 1 GIF, or 1 video; 280 weighted characters.
 */
export const X_CAPABILITIES: NetworkCapabilities = {
  text: { maxLength: X_MAX_WEIGHTED_LENGTH, counting: 'weighted', maxHashtags: null, maxMentions: null },
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
            ...uploadLimits(X_IDENTITY.id, 'image'),
          },
          gif: { formats: extensionsOf('gif'), maxItems: 1, alone: true, ...uploadLimits(X_IDENTITY.id, 'gif') },
          video: { formats: X_VIDEO_FORMATS, maxItems: 1, alone: true, ...uploadLimits(X_IDENTITY.id, 'video') },
        },
      },
    },
  },
  defaultPlacement: 'feed',
  placementOption: null,
  thread: { partsBecome: 'replies', partMedia: true, partTextRequired: false },
};
