import { placementMediaCapabilities } from '../capabilities/upload-limits';
import type { NetworkCapabilities } from '../capabilities/network-capabilities';
import { THREADS_MEDIA, THREADS_TEXT_LIMIT } from './threads-content-rules';
import { THREADS_MEDIA_LIMITS } from './threads-media-limits';

/**
 * What a Threads post takes, from the constants and the media table threadsContentProblems checks
 * and the upload limits the posts' media check reads: 500 characters (an emoji counted as its UTF-8
 * bytes); up to 20 images and videos, mixed (a carousel from 2); each later container a reply to
 * the one before, with its own media.
 */
export const THREADS_CAPABILITIES: NetworkCapabilities = {
  text: { maxLength: THREADS_TEXT_LIMIT, counting: 'graphemes_emoji_bytes', maxHashtags: null, maxMentions: null },
  placements: {
    feed: {
      description:
        'A post on the profile: text, up to 20 images and videos (a carousel from 2); each container after the first is a reply to the one before',
      media: placementMediaCapabilities(THREADS_MEDIA_LIMITS, 'feed', THREADS_MEDIA),
    },
  },
  defaultPlacement: 'feed',
  placementOption: null,
  thread: { partsBecome: 'replies', partMedia: true, partTextRequired: false },
};
