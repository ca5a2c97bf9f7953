import { FACEBOOK_MEDIA_LIMITS } from './facebook-media-limits';
import { placementMediaCapabilities } from '../capabilities/upload-limits';
import type { NetworkCapabilities } from '../capabilities/network-capabilities';
import { FACEBOOK_PLACEMENT_MEDIA } from './facebook-placement-media';
import { FACEBOOK_PLACEMENT_OPTIONS } from './facebook-post-options';

const media = (placement: keyof typeof FACEBOOK_PLACEMENT_MEDIA) =>
  placementMediaCapabilities(FACEBOOK_MEDIA_LIMITS, placement, FACEBOOK_PLACEMENT_MEDIA[placement]);

/**
 * What a Page post takes, from the placements' media table the content rules read
 * (FACEBOOK_PLACEMENT_MEDIA), the options each placement takes and the upload limits the posts'
 * media check reads (FACEBOOK_MEDIA_LIMITS, per placement). The rules check no text length (a Page
 * post takes far more than anyone sends; a story's text is not published, a warning).
 */
export const FACEBOOK_CAPABILITIES: NetworkCapabilities = {
  text: { maxLength: null, counting: 'utf16', maxHashtags: null, maxMentions: null },
  placements: {
    feed: {
      description: "A post on the Page's feed: text, photos, or one video",
      options: FACEBOOK_PLACEMENT_OPTIONS.feed,
      media: media('feed'),
    },
    reel: {
      description: 'A reel (/video_reels): one video; the text is its description',
      options: FACEBOOK_PLACEMENT_OPTIONS.reel,
      media: media('reel'),
    },
    story: {
      description:
        'A Page story (/photo_stories, /video_stories): one photo or one video; its text is not published (a warning, text_not_sent), and it takes no thread',
      thread: null,
      options: FACEBOOK_PLACEMENT_OPTIONS.story,
      media: media('story'),
    },
  },
  defaultPlacement: 'feed',
  placementOption: 'placement',
  thread: { partsBecome: 'comments', partMedia: false, partTextRequired: true },
};
