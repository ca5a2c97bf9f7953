import type { MediaKind } from './media-bytes';

const MB = 1024 * 1024;
const MINUTE = 60_000;

/** The shortest and longest video a network takes, in milliseconds. */
export interface DurationLimit {
  minMs: number;
  maxMs: number;
}

/**
 * What a network takes of an uploaded medium, whose size (and a video's duration) is known
 * (docs/networks.md). A kind a network does not take at all is left to its content rules. Each
 * network states its own (`NetworkAdapter.mediaLimits`, in its folder); the posts' media check and
 * the capability document read that one table.
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

/**
 * The longest video any installed network takes: an upload longer than it could be published
 * nowhere, so it is refused as it arrives. Media sits below the networks (src/module-boundaries.spec.ts)
 * and cannot read their tables; the networks module provides this value, from each network's
 * `mediaLimits`, to whoever asks for the class (Nest's injection by class token).
 */
export abstract class LongestNetworkVideo {
  abstract readonly maxMs: number;
}

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
