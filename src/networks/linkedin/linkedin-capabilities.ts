import { placementMediaCapabilities } from '../capabilities/upload-limits';
import type { NetworkCapabilities } from '../capabilities/network-capabilities';
import { LINKEDIN_MEDIA, LINKEDIN_TEXT_LIMIT } from './linkedin-content-rules';
import { LINKEDIN_MEDIA_LIMITS } from './linkedin-media-limits';

/**
 * What a LinkedIn post takes, from the constants and the media table linkedInContentProblems
 * checks and the upload limits the posts' media check reads: 3,000 characters; up to 20 images,
 * or one GIF, or one video; one container only: LinkedIn has no threads (the placement's `thread`
 * is null, and a second container is refused).
 */
export const LINKEDIN_CAPABILITIES: NetworkCapabilities = {
  text: { maxLength: LINKEDIN_TEXT_LIMIT, counting: 'code_points', maxHashtags: null, maxMentions: null },
  placements: {
    feed: {
      description:
        'A post in the feed of the member or the organization: text, up to 20 images, one GIF or one video; an article, a poll or a document through options.linkedin. No threads: one container',
      media: placementMediaCapabilities(LINKEDIN_MEDIA_LIMITS, 'feed', LINKEDIN_MEDIA),
      thread: null,
    },
  },
  defaultPlacement: 'feed',
  placementOption: null,
  // Never used: the only placement takes no later containers (thread: null above).
  thread: { partsBecome: 'comments', partMedia: false, partTextRequired: true },
};
