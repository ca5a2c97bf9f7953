import { MAX_UPLOAD_BYTES, NETWORK_MEDIA_LIMITS } from '../../media';
import type { MediaKind } from '../network-adapter';
import type { MediaKindCapabilities } from './network-capabilities';

/**
 * What the service checks of an uploaded medium of `kind` on `network`: the very tables the checks
 * read, never a copy: NETWORK_MEDIA_LIMITS (the posts' media limit problems) and, where it is
 * lower, the largest upload the service takes of the kind at all (MAX_UPLOAD_BYTES: Facebook's
 * 10 GB videos are refused past 1 GB at upload).
 */
export function uploadLimits(
  network: string,
  kind: MediaKind,
): Pick<MediaKindCapabilities, 'maxBytes' | 'duration' | 'durationAmongOthers'> {
  const limits = NETWORK_MEDIA_LIMITS[network];
  const size = limits?.size[kind];
  const maxBytes = size === undefined ? MAX_UPLOAD_BYTES[kind] : Math.min(size, MAX_UPLOAD_BYTES[kind]);
  if (!limits) return { maxBytes };
  const range = (limit: { minMs: number; maxMs: number }) => ({ minMs: limit.minMs, maxMs: limit.maxMs });
  return {
    maxBytes,
    ...(kind === 'video' ? { duration: range(limits.video) } : {}),
    ...(kind === 'video' && limits.carouselVideo ? { durationAmongOthers: range(limits.carouselVideo) } : {}),
  };
}
