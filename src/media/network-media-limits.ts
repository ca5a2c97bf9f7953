import { pageReelsStoriesRules } from '../contracts';
import type { MediaKind } from './media-bytes';

const MB = 1024 * 1024;
const SECOND = 1000;
const MINUTE = 60 * SECOND;
/** Facebook's videos: the 10 GB of its resumable upload (developers.facebook.com/docs/graph-api/video-uploads). */
const FACEBOOK_VIDEO_BYTES = 10 * 1024 * MB;

/** The shortest and longest video a network takes, in milliseconds. */
export interface DurationLimit {
  minMs: number;
  maxMs: number;
}

/**
 * What a network takes of an uploaded medium, whose size (and a video's duration) is known
 * (docs/networks.md). A kind a network does not take at all is left to its content rules.
 */
export interface NetworkMediaLimits {
  /** The largest file per kind, in bytes. */
  size: Partial<Record<MediaKind, number>>;
  /** A video alone in a post (a Facebook video, an Instagram Reel, an X video). */
  video: DurationLimit;
  /** A video as one item among several (an Instagram carousel); `video` when absent. */
  carouselVideo?: DurationLimit;
  /**
   * What a placement (`options.<network>.placement`) takes otherwise: its sizes and video durations
   * win (and `carouselVideo` does not apply). Read by the posts' media check and by the capability
   * document (uploadLimits), so both state the same numbers.
   */
  placements?: Readonly<Record<string, Pick<NetworkMediaLimits, 'size' | 'video'>>>;
}

export const NETWORK_MEDIA_LIMITS: Readonly<Record<string, NetworkMediaLimits>> = {
  facebook: {
    size: { image: 10 * MB, gif: 10 * MB, video: FACEBOOK_VIDEO_BYTES },
    video: { minMs: 0, maxMs: 240 * MINUTE },
    // A reel and a video story: the durations of the Reels Publishing and Page Stories guides
    // (contracts/meta/page-reels-stories.json); a story's photo: "Files can not exceed 10MB".
    placements: {
      reel: { size: { video: FACEBOOK_VIDEO_BYTES }, video: pageReelsStoriesRules().reelDuration },
      story: {
        size: {
          image: pageReelsStoriesRules().photoStoryMaxBytes,
          gif: pageReelsStoriesRules().photoStoryMaxBytes,
          video: FACEBOOK_VIDEO_BYTES,
        },
        video: pageReelsStoriesRules().videoStoryDuration,
      },
    },
  },
  instagram: {
    size: { image: 8 * MB, video: 300 * MB },
    video: { minMs: 3 * SECOND, maxMs: 15 * MINUTE },
    carouselVideo: { minMs: 3 * SECOND, maxMs: 60 * SECOND },
    // Story Image and Story Video Specifications of the IG User Media reference (8 MB; 3 to 60 s, 100 MB);
    // Reel Specifications: 3 s to 15 min, 300 MB (those of a single video above).
    placements: {
      reel: { size: { video: 300 * MB }, video: { minMs: 3 * SECOND, maxMs: 15 * MINUTE } },
      story: { size: { image: 8 * MB, video: 100 * MB }, video: { minMs: 3 * SECOND, maxMs: 60 * SECOND } },
    },
  },
  x: {
    size: { image: 5 * MB, gif: 15 * MB, video: 512 * MB },
    video: { minMs: 500, maxMs: 140 * SECOND },
  },
};

/** The longest video any network takes: a longer upload could be published nowhere. */
export const MAX_VIDEO_DURATION_MS = Math.max(
  ...Object.values(NETWORK_MEDIA_LIMITS).map((limits) => limits.video.maxMs),
);

/** The limit in words: `5 MB`, `1 GB`. */
export function sizeInWords(limit: number): string {
  return limit >= 1024 * MB ? `${limit / (1024 * MB)} GB` : `${limit / MB} MB`;
}

/**
 * A duration in words: `0.5 s`, `140 s`, `15 min`, `4 h`; seconds to a tenth, rounded with `round`
 * (up for what is too long, down for what is too short, so it never reads as the limit itself).
 */
export function durationInWords(ms: number, round: (tenths: number) => number = Math.round): string {
  if (ms >= 60 * MINUTE && ms % (60 * MINUTE) === 0) return `${ms / (60 * MINUTE)} h`;
  if (ms >= MINUTE && ms % MINUTE === 0) return `${ms / MINUTE} min`;
  return `${round(ms / 100) / 10} s`;
}
