import { uploadLimits } from '../capabilities/upload-limits';
import type { NetworkCapabilities } from '../capabilities/network-capabilities';
import { extensionsOf } from '../media-kind';
import { FACEBOOK_MAX_PHOTOS, FACEBOOK_PHOTO_FORMATS } from './facebook-content-rules';
import { FACEBOOK_IDENTITY } from './facebook.identity';

/**
 * What a Page post takes, from the constants facebookContentProblems checks and the upload limits
 * the posts' media check reads: up to 10 photos (GIFs among them), or one video alone. The rules
 * check no text length (a Page post takes far more than anyone sends) and no video format beyond
 * those the service publishes at all.
 */
export const FACEBOOK_CAPABILITIES: NetworkCapabilities = {
  text: { maxLength: null, counting: 'utf16', maxHashtags: null, maxMentions: null },
  placements: {
    feed: {
      description: "A post on the Page's feed: text, photos, or one video",
      media: {
        minItems: 0,
        maxItems: FACEBOOK_MAX_PHOTOS,
        kinds: {
          image: {
            formats: extensionsOf('image', FACEBOOK_PHOTO_FORMATS),
            maxItems: FACEBOOK_MAX_PHOTOS,
            alone: false,
            ...uploadLimits(FACEBOOK_IDENTITY.id, 'image'),
          },
          gif: {
            formats: extensionsOf('gif', FACEBOOK_PHOTO_FORMATS),
            maxItems: FACEBOOK_MAX_PHOTOS,
            alone: false,
            ...uploadLimits(FACEBOOK_IDENTITY.id, 'gif'),
          },
          video: {
            formats: extensionsOf('video'),
            maxItems: 1,
            alone: true,
            ...uploadLimits(FACEBOOK_IDENTITY.id, 'video'),
          },
        },
      },
    },
  },
  defaultPlacement: 'feed',
  placementOption: null,
  thread: { partsBecome: 'comments', partMedia: false, partTextRequired: true },
};
