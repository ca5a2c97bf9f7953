import { placementMediaCapabilities } from '../capabilities/upload-limits';
import type { NetworkCapabilities } from '../capabilities/network-capabilities';
import { TIKTOK_MEDIA, TIKTOK_TEXT_LIMIT } from './tiktok-content-rules';
import { TIKTOK_MEDIA_LIMITS } from './tiktok-media-limits';

/**
 * What a TikTok post takes, from the constants and the media table tiktokContentProblems checks
 * and the upload limits the posts' media check reads: a caption of 2,200 characters (UTF-16, as
 * TikTok counts); one video alone, or 1 to 20 photos (TikTok takes 35; a container here holds 20); one container only (TikTok has no threads,
 * and no comments API).
 */
export const TIKTOK_CAPABILITIES: NetworkCapabilities = {
  text: { maxLength: TIKTOK_TEXT_LIMIT, counting: 'utf16', maxHashtags: null, maxMentions: null },
  placements: {
    feed: {
      description:
        "A post on the creator's profile (or, with options.tiktok.mode draft, in their TikTok inbox to finish there): one video, or 1 to 20 photos, with a caption. options.tiktok.privacyLevel is required. No threads: one container",
      media: placementMediaCapabilities(TIKTOK_MEDIA_LIMITS, 'feed', TIKTOK_MEDIA),
      thread: null,
    },
  },
  defaultPlacement: 'feed',
  placementOption: null,
  // Never used: the only placement takes no later containers (thread: null above).
  thread: { partsBecome: 'comments', partMedia: false, partTextRequired: true },
};
