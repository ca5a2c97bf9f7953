import { MAX_UPLOAD_BYTES } from '../../media';
import type { NetworkMediaLimits } from '../../media';
import type { MediaKind } from '../network-adapter';
import type { PlacementMedia } from '../placement-media';
import type { MediaKindCapabilities, PlacementCapabilities } from './network-capabilities';

/**
 * What the service checks of an uploaded medium of `kind` on a network in `placement`: the very
 * tables the checks read, never a copy: the network's `mediaLimits` (the posts' media limit problems, whose
 * `placements` entry wins for its placement, as mediaLimitProblems reads it) and, where it is
 * lower, the largest upload the service takes of the kind at all (MAX_UPLOAD_BYTES: Facebook's
 * 10 GB videos are refused past 1 GB at upload).
 */
export function uploadLimits(
  limits: NetworkMediaLimits | undefined,
  kind: MediaKind,
  placement?: string,
): Pick<MediaKindCapabilities, 'maxBytes' | 'duration' | 'durationAmongOthers'> {
  const own = placement === undefined ? undefined : limits?.placements?.[placement];
  const size = (own ?? limits)?.size[kind];
  const maxBytes = size === undefined ? MAX_UPLOAD_BYTES[kind] : Math.min(size, MAX_UPLOAD_BYTES[kind]);
  if (!limits) return { maxBytes };
  const range = (limit: { minMs: number; maxMs: number }) => ({ minMs: limit.minMs, maxMs: limit.maxMs });
  return {
    maxBytes,
    ...(kind === 'video' ? { duration: range((own ?? limits).video) } : {}),
    ...(kind === 'video' && !own && limits.carouselVideo ? { durationAmongOthers: range(limits.carouselVideo) } : {}),
  };
}

/** A placement's media as its capability document states them: the rules' table, with the upload limits of each kind. */
export function placementMediaCapabilities(
  limits: NetworkMediaLimits,
  placement: string,
  media: PlacementMedia,
): PlacementCapabilities['media'] {
  const kinds = Object.entries(media.kinds).map(([kind, taken]) => [
    kind,
    { ...taken, ...uploadLimits(limits, kind as MediaKind, placement) },
  ]);
  return { minItems: media.minItems, maxItems: media.maxItems, kinds: Object.fromEntries(kinds) };
}
