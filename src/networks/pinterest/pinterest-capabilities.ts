import { placementMediaCapabilities } from '../capabilities/upload-limits';
import type { NetworkCapabilities } from '../capabilities/network-capabilities';
import { PINTEREST_MEDIA, PINTEREST_TEXT_LIMIT } from './pinterest-content-rules';
import { PINTEREST_MEDIA_LIMITS } from './pinterest-media-limits';

/**
 * What a pin takes, from the constants and the media table pinterestContentProblems checks and the
 * upload limits the posts' media check reads: a description of 800 characters; one image, a
 * carousel of 2 to 5 images, or one video; one container only (no threads). The board and the
 * rest are options.pinterest (boardId required).
 */
export const PINTEREST_CAPABILITIES: NetworkCapabilities = {
  text: { maxLength: PINTEREST_TEXT_LIMIT, counting: 'code_points', maxHashtags: null, maxMentions: null },
  placements: {
    pin: {
      description:
        "A pin on one of the account's boards (options.pinterest.boardId, required; GET /api/v1/social-accounts/{id}/boards lists them): one image, a carousel of 2 to 5 images, or one video with its cover; the text is its description. No threads: one container",
      media: placementMediaCapabilities(PINTEREST_MEDIA_LIMITS, 'pin', PINTEREST_MEDIA),
      thread: null,
    },
  },
  defaultPlacement: 'pin',
  placementOption: null,
  // Never used: the only placement takes no later containers (thread: null above).
  thread: { partsBecome: 'comments', partMedia: false, partTextRequired: true },
};
