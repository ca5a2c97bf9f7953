import type { MediaKind } from '../network-adapter';

/**
 * What a network's content rules take, stated by the network (`NetworkAdapter.capabilities`) from
 * the very constants and tables its rules check: the capability document (GET /api/v1/networks/
 * :network) publishes it, so the document cannot say other than a 422 does. Only what the
 * service's validator checks is stated; a limit left out (null) is one the service does not check.
 */
export interface NetworkCapabilities {
  text: TextCapabilities;
  /**
   * Where a post can go on the network (a feed post, a reel, a story), each with what it takes.
   * A network with one kind of post lists one placement.
   */
  placements: Readonly<Record<string, PlacementCapabilities>>;
  /** The placement a post goes to when no option says otherwise. */
  defaultPlacement: string;
  /**
   * The option of `options.<network>` that picks the placement (Instagram's `placement`); null
   * when the network has one placement only.
   */
  placementOption: string | null;
  thread: ThreadCapabilities;
}

/**
 * How a text is counted: `weighted` as X counts it (twitter-text: a URL 23, an emoji or a CJK
 * character 2, other characters 1); `utf16` in UTF-16 code units (an emoji 2); `code_points` in
 * Unicode code points; `graphemes` in user-perceived characters (Unicode extended grapheme clusters:
 * an emoji with its skin tone 1), as AT Protocol's lexicons count `maxGraphemes`;
 * `graphemes_emoji_bytes` in grapheme clusters, an emoji counted as the number of its UTF-8 bytes
 * (Threads: 4 for most emoji); `utf8_bytes` in the bytes of its UTF-8 encoding (YouTube's
 * description: an accented letter 2, most emoji 4).
 */
export const TEXT_COUNTINGS = [
  'weighted',
  'utf16',
  'code_points',
  'graphemes',
  'graphemes_emoji_bytes',
  'utf8_bytes',
] as const;
export type TextCounting = (typeof TEXT_COUNTINGS)[number];

export interface TextCapabilities {
  /** The most characters a container's text may hold, counted as `counting` says; null when unchecked. */
  maxLength: number | null;
  counting: TextCounting;
  /** The most hashtags a text may hold; null when unchecked. */
  maxHashtags: number | null;
  /** The most @mentions a text may hold; null when unchecked. */
  maxMentions: number | null;
  /**
   * A longer limit for the accounts that qualify (X: a subscription that allows long posts), checked
   * per account (NetworkAdapter.accountContentProblems); `maxLength` holds for every other account.
   */
  accountMaxLength?: AccountMaxLength;
}

/** A text limit that depends on the account. */
export interface AccountMaxLength {
  maxLength: number;
  /** Which accounts have it, in words (X: the subscription types read from the account). */
  accounts: string;
}

/** An inclusive range of a video's duration, in milliseconds. */
export interface DurationRange {
  minMs: number;
  maxMs: number;
}

/** What a placement takes of one kind of medium. */
export interface MediaKindCapabilities {
  /** The file extensions a media URL of this kind may end in (lowercase). */
  formats: readonly string[];
  /** The most media of this kind in one post. */
  maxItems: number;
  /** True when a medium of this kind is published alone (X: a GIF or a video; Facebook: a video). */
  alone: boolean;
  /** The largest uploaded file of this kind, in bytes; null when unchecked. */
  maxBytes: number | null;
  /** A video's duration when it is the post's only medium (uploaded media; a URL's file is measured by the network). */
  duration?: DurationRange;
  /** A video's duration among other media (an Instagram carousel); `duration` when absent. */
  durationAmongOthers?: DurationRange;
}

export interface PlacementCapabilities {
  /** What the placement is, in words. */
  description: string;
  /** The placement's own text limits where they differ from the network's (a story that sends no caption checks none). */
  text?: TextCapabilities;
  /** The placement's own thread where it differs from the network's; null: it takes no later containers. */
  thread?: ThreadCapabilities | null;
  /**
   * The options of `options.<network>` the placement takes, where it takes fewer than the network
   * has (an Instagram story takes no collaborators): any other is refused (`options_exclusive`).
   */
  options?: readonly string[];
  /** An option's JSON Schema where the placement takes it otherwise than `options.schema` says (a reel's user tags). */
  optionSchemas?: Readonly<Record<string, unknown>>;
  media: {
    /** The fewest media the post needs (Instagram publishes nothing without one). */
    minItems: number;
    /** The most media of any kinds together. */
    maxItems: number;
    /** The kinds taken; a kind not listed is refused. */
    kinds: Readonly<Partial<Record<MediaKind, MediaKindCapabilities>>>;
  };
}

export interface ThreadCapabilities {
  /** What the containers after the first become: replies to the post (X), or comments under it (Graph). */
  partsBecome: 'replies' | 'comments';
  /** Whether a later part may hold media. */
  partMedia: boolean;
  /** Whether a later part needs text. */
  partTextRequired: boolean;
}
