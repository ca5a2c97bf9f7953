import type { ContentProblem, MediaKind, PostPart } from './network-adapter';

/** What a placement takes of one kind of medium: read by the network's content rules and stated by its capability document. */
export interface PlacementMediaKind {
  /** The file extensions a media URL of this kind may end in (lowercase). */
  formats: readonly string[];
  /** The most media of this kind in one post. */
  maxItems: number;
  /** True when a medium of this kind is published alone. */
  alone: boolean;
}

/** The media one placement of a network takes (a feed post, a reel, a story). */
export interface PlacementMedia {
  /** The fewest media the post needs. */
  minItems: number;
  /** The most media of any kinds together. */
  maxItems: number;
  /** The kinds taken; a kind not listed is refused (`media_kind`, or the network's `media_format` for a kind it takes nowhere). */
  kinds: Readonly<Partial<Record<MediaKind, PlacementMediaKind>>>;
}

/**
 * `media_kind` at `containers[0].media[i]` for each medium of a kind the placement does not take
 * while the network takes it elsewhere (an image on a reel): the file is fine, the placement is
 * not. A kind the network takes nowhere (`takenAnywhere` lacks it) is its format rule's to name.
 */
export function mediaKindProblems(
  part: PostPart,
  at: string,
  media: PlacementMedia,
  takenAnywhere: ReadonlySet<MediaKind>,
  message: string,
): ContentProblem[] {
  return part.media.flatMap((medium, index): ContentProblem[] =>
    media.kinds[medium.kind] || !takenAnywhere.has(medium.kind)
      ? []
      : [{ field: `${at}.media[${index}]`, rule: 'media_kind', message }],
  );
}

/** The kinds any of the placements take. */
export function kindsTakenIn(placements: Readonly<Record<string, PlacementMedia>>): ReadonlySet<MediaKind> {
  return new Set(Object.values(placements).flatMap((media) => Object.keys(media.kinds) as MediaKind[]));
}
