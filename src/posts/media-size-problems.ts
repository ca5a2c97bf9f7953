import { NETWORK_MEDIA_LIMITS, sizeInWords } from '../media/network-media-limits';
import { PostProblem } from './post-problem';
import { StoredContainer } from './post.entity';

/**
 * Uploaded media larger than `platform` takes for their kind. Only uploaded media have a known
 * size; a URL's file is measured by whoever fetches it.
 */
export function mediaSizeProblems(platform: string, containers: StoredContainer[]): PostProblem[] {
  const limits = NETWORK_MEDIA_LIMITS[platform] ?? {};
  return containers.flatMap((container, index) =>
    container.media.flatMap((medium, position): PostProblem[] => {
      const limit = limits[medium.kind];
      if (medium.size === undefined || limit === undefined || medium.size <= limit) return [];
      const field = `containers[${index}].media[${position}].id`;
      return [
        {
          field,
          rule: 'media_too_large',
          message: `${field}: the ${medium.kind} has ${medium.size} bytes; this network takes at most ${sizeInWords(limit)}`,
        },
      ];
    }),
  );
}
