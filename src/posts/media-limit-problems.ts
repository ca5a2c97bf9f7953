import { durationInWords, sizeInWords } from '../media';
import type { NetworkMediaLimits } from '../media';
import { PostProblem } from './post-problem';
import { StoredContainer } from './post.entity';

type StoredMedium = StoredContainer['media'][number];

/**
 * Uploaded media that a network (its `limits`, NetworkAdapter.mediaLimits) would refuse: larger than it takes for their kind, or a video
 * shorter or longer than it takes (an Instagram carousel's videos have their own range, and so has
 * a placement the network limits otherwise, e.g. an Instagram story). Only uploaded media have a
 * known size and duration; a URL's file is measured by whoever fetches it.
 */
export function mediaLimitProblems(
  limits: NetworkMediaLimits,
  containers: StoredContainer[],
  placement?: unknown,
): PostProblem[] {
  const ofPlacement = typeof placement === 'string' ? limits.placements?.[placement] : undefined;
  return containers.flatMap((container, index) =>
    container.media.flatMap((medium, position): PostProblem[] => {
      const field = `containers[${index}].media[${position}].id`;
      const duration =
        ofPlacement?.video ??
        (container.media.length > 1 && limits.carouselVideo ? limits.carouselVideo : limits.video);
      const size = (ofPlacement?.size ?? limits.size)[medium.kind];
      return [...sizeProblem(field, medium, size), ...durationProblem(field, medium, duration)];
    }),
  );
}

function sizeProblem(field: string, medium: StoredMedium, limit: number | undefined): PostProblem[] {
  if (medium.size === undefined || limit === undefined || medium.size <= limit) return [];
  return [
    {
      field,
      rule: 'media_too_large',
      message: `${field}: the ${medium.kind} has ${medium.size} bytes; this network takes at most ${sizeInWords(limit)}`,
    },
  ];
}

function durationProblem(field: string, medium: StoredMedium, limit: { minMs: number; maxMs: number }): PostProblem[] {
  const lasts = medium.durationMs;
  if (medium.kind !== 'video' || lasts === undefined) return [];
  const range =
    limit.minMs > 0
      ? `${durationInWords(limit.minMs)} to ${durationInWords(limit.maxMs)}`
      : `at most ${durationInWords(limit.maxMs)}`;
  const says = (round: (tenths: number) => number) =>
    `${field}: the video lasts ${durationInWords(lasts, round)}; this network takes ${range}`;
  if (lasts > limit.maxMs) return [{ field, rule: 'media_too_long', message: says(Math.ceil) }];
  if (lasts < limit.minMs) return [{ field, rule: 'media_too_short', message: says(Math.floor) }];
  return [];
}
