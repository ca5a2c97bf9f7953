import type { MediaKind } from '../networks/network-adapter';

const MB = 1024 * 1024;

/**
 * Each network's size limit per kind of medium (docs/networks.md); a kind a network does not take
 * at all is left to its content rules. Checked when a post uses an uploaded medium, whose size is known.
 */
export const NETWORK_MEDIA_LIMITS: Readonly<Record<string, Partial<Record<MediaKind, number>>>> = {
  facebook: { image: 10 * MB, gif: 10 * MB, video: 1024 * MB },
  instagram: { image: 8 * MB, video: 300 * MB },
  x: { image: 5 * MB, gif: 15 * MB, video: 512 * MB },
};

/** The limit in words: `5 MB`, `1 GB`. */
export function sizeInWords(limit: number): string {
  return limit >= 1024 * MB ? `${limit / (1024 * MB)} GB` : `${limit / MB} MB`;
}
