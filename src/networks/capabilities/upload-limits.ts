import { NETWORK_MEDIA_LIMITS } from '../../media';
import type { MediaKind } from '../network-adapter';
import type { MediaKindCapabilities } from './network-capabilities';

/**
 * What the service checks of an uploaded medium of `kind` on `network`: the very table the
 * validator reads (NETWORK_MEDIA_LIMITS, checked by the posts' media limit problems), never a copy.
 */
export function uploadLimits(
  network: string,
  kind: MediaKind,
): Pick<MediaKindCapabilities, 'maxBytes' | 'duration' | 'durationAmongOthers'> {
  const limits = NETWORK_MEDIA_LIMITS[network];
  if (!limits) return { maxBytes: null };
  const range = (limit: { minMs: number; maxMs: number }) => ({ minMs: limit.minMs, maxMs: limit.maxMs });
  return {
    maxBytes: limits.size[kind] ?? null,
    ...(kind === 'video' ? { duration: range(limits.video) } : {}),
    ...(kind === 'video' && limits.carouselVideo ? { durationAmongOthers: range(limits.carouselVideo) } : {}),
  };
}
