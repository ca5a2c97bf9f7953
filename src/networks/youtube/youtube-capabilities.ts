import { placementMediaCapabilities } from '../capabilities/upload-limits';
import type { NetworkCapabilities } from '../capabilities/network-capabilities';
import { YOUTUBE_DESCRIPTION_MAX_BYTES, YOUTUBE_MEDIA } from './youtube-content-rules';
import { YOUTUBE_MEDIA_LIMITS } from './youtube-media-limits';

/**
 * What a YouTube post takes, from the constants and the media table youTubeContentProblems checks:
 * one video with its description (5,000 UTF-8 bytes); the title and the rest in options.youtube.
 * No threads. A video of up to 3 minutes, vertical or square, is shown as a Short: YouTube decides
 * it from the file, the API has no call of its own for it.
 */
export const YOUTUBE_CAPABILITIES: NetworkCapabilities = {
  text: { maxLength: YOUTUBE_DESCRIPTION_MAX_BYTES, counting: 'utf8_bytes', maxHashtags: null, maxMentions: null },
  placements: {
    video: {
      description:
        'A video with its description (the text); title, audience, privacy, tags, category, thumbnail in options.youtube. A video up to 3 minutes, vertical or square, is a Short. No threads: one container',
      media: placementMediaCapabilities(YOUTUBE_MEDIA_LIMITS, 'video', YOUTUBE_MEDIA),
      thread: null,
    },
  },
  defaultPlacement: 'video',
  placementOption: null,
  // Never used: the only placement takes no later containers (thread: null above).
  thread: { partsBecome: 'comments', partMedia: false, partTextRequired: true },
};
