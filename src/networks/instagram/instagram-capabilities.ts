import { INSTAGRAM_MEDIA_LIMITS } from './instagram-media-limits';
import { placementMediaCapabilities } from '../capabilities/upload-limits';
import type { NetworkCapabilities, TextCapabilities } from '../capabilities/network-capabilities';
import { INSTAGRAM_CAPTION_LIMIT, INSTAGRAM_HASHTAG_LIMIT, INSTAGRAM_MENTION_LIMIT } from './instagram-content-rules';
import { INSTAGRAM_PLACEMENT_MEDIA } from './instagram-placement-media';
import { INSTAGRAM_PLACEMENT_OPTION_SCHEMAS, INSTAGRAM_PLACEMENT_OPTIONS } from './instagram-post-options';

const media = (placement: keyof typeof INSTAGRAM_PLACEMENT_MEDIA) =>
  placementMediaCapabilities(INSTAGRAM_MEDIA_LIMITS, placement, INSTAGRAM_PLACEMENT_MEDIA[placement]);

/** A story's text is not published (the warning `text_not_sent`): no limit holds it. */
const STORY_TEXT: TextCapabilities = { maxLength: null, counting: 'utf16', maxHashtags: null, maxMentions: null };

/**
 * What an Instagram post takes, from the constants instagramContentProblems checks, the placements'
 * media table it reads (INSTAGRAM_PLACEMENT_MEDIA), the options each placement takes and the upload
 * limits the posts' media check reads (INSTAGRAM_MEDIA_LIMITS, per placement).
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
      options: INSTAGRAM_PLACEMENT_OPTIONS.feed,
      optionSchemas: INSTAGRAM_PLACEMENT_OPTION_SCHEMAS.feed,
      media: media('feed'),
    },
    reel: {
      description: 'A reel (media_type REELS): one video',
      options: INSTAGRAM_PLACEMENT_OPTIONS.reel,
      optionSchemas: INSTAGRAM_PLACEMENT_OPTION_SCHEMAS.reel,
      media: media('reel'),
    },
    story: {
      description:
        'A story (media_type STORIES): one image or one video; its text is not published (a warning, text_not_sent)',
      text: STORY_TEXT,
      options: INSTAGRAM_PLACEMENT_OPTIONS.story,
      media: media('story'),
    },
  },
  defaultPlacement: 'feed',
  placementOption: 'placement',
  thread: { partsBecome: 'comments', partMedia: false, partTextRequired: true },
};
