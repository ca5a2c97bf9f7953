import type { ContentProblem, PostPart } from '../network-adapter';
import { unknownOptionProblems } from '../post-options';
import type { NetworkPostOptions, PostOptionsRules } from '../post-options';

/**
 * Instagram's options for a post (`options.instagram`), as the IG User Media reference
 * (https://developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/ig-user/media,
 * contracts/meta/instagram-publishing-rules.json) takes them on `POST /{ig-user-id}/media`:
 * - `placement` feed (an image, a carousel, or a single video, which Instagram publishes as a reel),
 *   `reel` (`media_type=REELS`, one video) or `story` (`media_type=STORIES`, one image or video);
 * - `collaborators` → `collaborators` (up to 3 usernames; feed and reels, not stories);
 * - `userTags` → `user_tags` on the container of the medium `mediaIndex` names (a carousel's item);
 *   `x`/`y` (0 to 1) required on images, optional on stories, not taken on videos;
 * - `locationId` → `location_id` (a Page with a location; not on stories);
 * - reels only: `shareToFeed` → `share_to_feed`, `coverUrl` → `cover_url` or `thumbOffsetMs` →
 *   `thumb_offset` (not both: Instagram would ignore the offset), `trialReel` → `trial_params`.
 */
export interface InstagramPostOptions {
  placement?: InstagramPlacement;
  collaborators?: string[];
  userTags?: InstagramUserTag[];
  locationId?: string;
  shareToFeed?: boolean;
  coverUrl?: string;
  thumbOffsetMs?: number;
  trialReel?: { graduation: InstagramTrialGraduation };
}

export interface InstagramUserTag {
  mediaIndex: number;
  username: string;
  x?: number;
  y?: number;
}

export const INSTAGRAM_PLACEMENTS = ['feed', 'reel', 'story'] as const;
export type InstagramPlacement = (typeof INSTAGRAM_PLACEMENTS)[number];

export const INSTAGRAM_TRIAL_GRADUATIONS = ['manual', 'performance'] as const;
export type InstagramTrialGraduation = (typeof INSTAGRAM_TRIAL_GRADUATIONS)[number];

/** `trial_params.graduation_strategy` per graduation: the page's two values. */
export const INSTAGRAM_GRADUATION_STRATEGY: Readonly<Record<InstagramTrialGraduation, string>> = {
  manual: 'MANUAL',
  performance: 'SS_PERFORMANCE',
};

/** The page's "up to 3 instagram usernames" (the collaborators edge page says 5; creation takes 3). */
export const INSTAGRAM_COLLABORATORS_MAX = 3;
/** An Instagram username: letters, digits, periods and underscores, at most 30. */
export const INSTAGRAM_USERNAME_PATTERN = '^[A-Za-z0-9._]{1,30}$';
/** A Page id (location_id): digits. */
export const INSTAGRAM_LOCATION_ID_PATTERN = '^[0-9]{1,20}$';
/** A cover image Instagram fetches itself: a public http(s) URL. */
export const INSTAGRAM_COVER_URL_PATTERN = '^https?://';
/** Tag coordinates: a fraction of the image's width (x) and height (y). */
export const INSTAGRAM_TAG_BOUNDS = { minimum: 0, maximum: 1 };

/** The keys of `options.instagram`, besides `containers` (which every network takes). */
export const INSTAGRAM_OPTION_NAMES: readonly string[] = [
  'placement',
  'collaborators',
  'userTags',
  'locationId',
  'shareToFeed',
  'coverUrl',
  'thumbOffsetMs',
  'trialReel',
];
/** The options Instagram takes on reels only. */
export const INSTAGRAM_REEL_OPTIONS: readonly string[] = ['shareToFeed', 'coverUrl', 'thumbOffsetMs', 'trialReel'];
const STORY_EXCLUDED: readonly string[] = ['collaborators', 'locationId'];
/**
 * The options each placement takes (read by the option check and stated by the capability
 * document): the reel options on reels only; no collaborators and no location on a story.
 */
export const INSTAGRAM_PLACEMENT_OPTIONS: Readonly<Record<InstagramPlacement, readonly string[]>> = {
  feed: INSTAGRAM_OPTION_NAMES.filter((name) => !INSTAGRAM_REEL_OPTIONS.includes(name)),
  reel: INSTAGRAM_OPTION_NAMES,
  story: INSTAGRAM_OPTION_NAMES.filter(
    (name) => !INSTAGRAM_REEL_OPTIONS.includes(name) && !STORY_EXCLUDED.includes(name),
  ),
};
const USER_TAG_KEYS = ['mediaIndex', 'username', 'x', 'y'];

const username = new RegExp(INSTAGRAM_USERNAME_PATTERN);
const locationId = new RegExp(INSTAGRAM_LOCATION_ID_PATTERN);
const coverUrl = new RegExp(INSTAGRAM_COVER_URL_PATTERN);

/**
 * A tag's coordinates by what it tags (IG User Media reference, `user_tags`): required on an image,
 * optional on a story, not taken on a video (a reel, a carousel's video: tagged by username).
 */
export const INSTAGRAM_TAG_COORDINATES = { image: 'required', story: 'optional', video: 'none' } as const;
type TagTarget = keyof typeof INSTAGRAM_TAG_COORDINATES;

/** The schema of `userTags` on `target` (INSTAGRAM_TAG_COORDINATES), which userTagProblems agrees with. */
function userTagsSchema(target: TagTarget): Record<string, unknown> {
  const coordinates = INSTAGRAM_TAG_COORDINATES[target];
  const axis = { type: 'number', ...INSTAGRAM_TAG_BOUNDS };
  return {
    type: 'array',
    description:
      'People tagged on the medium `mediaIndex` names; x and y (0 to 1): required on an image, optional on a story, not taken on a video',
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['mediaIndex', 'username', ...(coordinates === 'required' ? ['x', 'y'] : [])],
      properties: {
        mediaIndex: { type: 'integer', minimum: 0 },
        username: { type: 'string', pattern: INSTAGRAM_USERNAME_PATTERN, examples: ['bakery.daily'] },
        ...(coordinates === 'none' ? {} : { x: axis, y: axis }),
      },
    },
  };
}

/**
 * An option's schema where a placement takes it otherwise than `options.instagram`'s schema says:
 * a feed post's tags (on its images: a feed video is tagged as a reel's) and a reel's.
 */
export const INSTAGRAM_PLACEMENT_OPTION_SCHEMAS: Readonly<
  Partial<Record<InstagramPlacement, Readonly<Record<string, unknown>>>>
> = {
  feed: { userTags: userTagsSchema('image') },
  reel: { userTags: userTagsSchema('video') },
};

/** The JSON Schema of `options.instagram` (without `containers`); `instagramOptionProblems` agrees with it. */
export const INSTAGRAM_OPTIONS_SCHEMA: Readonly<Record<string, unknown>> = {
  type: 'object',
  additionalProperties: false,
  properties: {
    placement: {
      type: 'string',
      enum: [...INSTAGRAM_PLACEMENTS],
      default: 'feed',
      description:
        'feed: an image, a carousel, or a single video (published as a reel); reel: one video; story: one image or video (its text is not published)',
    },
    collaborators: {
      type: 'array',
      maxItems: INSTAGRAM_COLLABORATORS_MAX,
      items: { type: 'string', pattern: INSTAGRAM_USERNAME_PATTERN, examples: ['bakery.daily'] },
      description: `Up to ${INSTAGRAM_COLLABORATORS_MAX} Instagram usernames invited as collaborators (not on stories)`,
    },
    userTags: userTagsSchema('story'),
    locationId: {
      type: 'string',
      pattern: INSTAGRAM_LOCATION_ID_PATTERN,
      examples: ['110624938961264'],
      description: 'The id of a Facebook Page with a location (not on stories)',
    },
    shareToFeed: {
      type: 'boolean',
      default: true,
      description: 'Reels only: also show the reel in the feed (false: in the Reels tab only)',
    },
    coverUrl: {
      type: 'string',
      pattern: INSTAGRAM_COVER_URL_PATTERN,
      examples: ['https://cdn.example/cover.jpg'],
      description: 'Reels only: a JPEG (8 MB at most) Instagram fetches as the cover; not with thumbOffsetMs',
    },
    thumbOffsetMs: {
      type: 'integer',
      minimum: 0,
      description: 'Reels only: the frame used as the cover, in milliseconds from the start; not with coverUrl',
    },
    trialReel: {
      type: 'object',
      additionalProperties: false,
      required: ['graduation'],
      description: 'Reels only: publish as a trial reel',
      properties: {
        graduation: {
          type: 'string',
          enum: [...INSTAGRAM_TRIAL_GRADUATIONS],
          description:
            'manual: graduated in the Instagram app; performance: graduated by Instagram if it performs well',
        },
      },
    },
  },
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The placement the options name, `feed` when absent or not one (that problem is reported on its own). */
export function instagramPlacementOf(options: NetworkPostOptions | undefined): InstagramPlacement {
  const placement = options?.placement;
  return INSTAGRAM_PLACEMENTS.includes(placement as InstagramPlacement) ? (placement as InstagramPlacement) : 'feed';
}

const invalid = (field: string, message: string): ContentProblem => ({
  field,
  rule: 'option_invalid',
  message: `${field} ${message}`,
});

function collaboratorProblems(value: unknown, at: string): ContentProblem[] {
  if (!Array.isArray(value)) return [invalid(at, 'must be a list of Instagram usernames')];
  if (value.length > INSTAGRAM_COLLABORATORS_MAX)
    return [invalid(at, `takes at most ${INSTAGRAM_COLLABORATORS_MAX} usernames (got ${value.length})`)];
  return value.flatMap((name, index) =>
    typeof name === 'string' && username.test(name)
      ? []
      : [invalid(`${at}[${index}]`, 'must be an Instagram username (letters, digits, . and _, at most 30)')],
  );
}

/** x and y: required on an image, optional on a story, not taken on a video (reel, carousel video). */
function coordinateProblems(tag: Record<string, unknown>, at: string, kind: TagTarget): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const { minimum, maximum } = INSTAGRAM_TAG_BOUNDS;
  for (const axis of ['x', 'y']) {
    const value = tag[axis];
    if (value === undefined) {
      if (INSTAGRAM_TAG_COORDINATES[kind] === 'required')
        problems.push(invalid(`${at}.${axis}`, 'is required to tag a person on an image'));
    } else if (INSTAGRAM_TAG_COORDINATES[kind] === 'none') {
      problems.push(invalid(`${at}.${axis}`, 'applies only to images and stories: Instagram tags a video by username'));
    } else if (typeof value !== 'number' || !Number.isFinite(value) || value < minimum || value > maximum)
      problems.push(invalid(`${at}.${axis}`, `must be a number from ${minimum} to ${maximum}`));
  }
  return problems;
}

function userTagProblems(value: unknown, at: string, placement: InstagramPlacement, part?: PostPart): ContentProblem[] {
  if (!Array.isArray(value)) return [invalid(at, 'must be a list of { mediaIndex, username, x, y }')];
  const media = part?.media ?? [];
  return value.flatMap((tag, index): ContentProblem[] => {
    const here = `${at}[${index}]`;
    if (!isRecord(tag)) return [invalid(here, 'must be an object { mediaIndex, username, x, y }')];
    const unknown = Object.keys(tag).filter((key) => !USER_TAG_KEYS.includes(key));
    if (unknown.length)
      return unknown.map((key) => ({
        field: `${here}.${key}`,
        rule: 'option_unknown',
        message: `${here}.${key} is not a field of a user tag (mediaIndex, username, x, y)`,
      }));
    const problems: ContentProblem[] = [];
    const mediaIndex = tag.mediaIndex;
    const medium =
      typeof mediaIndex === 'number' && Number.isInteger(mediaIndex) && mediaIndex >= 0 ? media[mediaIndex] : undefined;
    if (!medium)
      problems.push(
        invalid(
          `${here}.mediaIndex`,
          media.length
            ? `must name one of the post's media, 0 to ${media.length - 1}`
            : 'must name one of the post’s media, and the post has none',
        ),
      );
    if (typeof tag.username !== 'string' || !username.test(tag.username))
      problems.push(
        invalid(`${here}.username`, 'must be an Instagram username (letters, digits, . and _, at most 30)'),
      );
    // The coordinates' rule depends on the medium; without one only their range can be judged.
    const kind = placement === 'story' ? 'story' : medium?.kind === 'video' ? 'video' : medium ? 'image' : 'story';
    problems.push(...coordinateProblems(tag, here, kind));
    return problems;
  });
}

function reelOptionProblems(options: NetworkPostOptions, at: string): ContentProblem[] {
  const problems: ContentProblem[] = [];
  if (options.shareToFeed !== undefined && typeof options.shareToFeed !== 'boolean')
    problems.push(invalid(`${at}.shareToFeed`, 'must be true or false'));
  if (options.coverUrl !== undefined && (typeof options.coverUrl !== 'string' || !coverUrl.test(options.coverUrl)))
    problems.push(invalid(`${at}.coverUrl`, 'must be the http(s) URL of a JPEG Instagram can fetch'));
  const offset = options.thumbOffsetMs;
  if (offset !== undefined && (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0))
    problems.push(invalid(`${at}.thumbOffsetMs`, 'must be a whole number of milliseconds from 0'));
  if (options.coverUrl !== undefined && offset !== undefined)
    problems.push({
      field: `${at}.thumbOffsetMs`,
      rule: 'options_exclusive',
      message: `${at}.thumbOffsetMs: give a reel coverUrl or thumbOffsetMs, not both (Instagram would ignore the offset)`,
    });
  const trial = options.trialReel;
  if (trial !== undefined) {
    if (!isRecord(trial)) problems.push(invalid(`${at}.trialReel`, 'must be an object { graduation }'));
    else {
      for (const key of Object.keys(trial).filter((key) => key !== 'graduation'))
        problems.push({
          field: `${at}.trialReel.${key}`,
          rule: 'option_unknown',
          message: `${at}.trialReel.${key} is not a field of a trial reel (graduation)`,
        });
      if (!INSTAGRAM_TRIAL_GRADUATIONS.includes(trial.graduation as InstagramTrialGraduation))
        problems.push(
          invalid(`${at}.trialReel.graduation`, `must be one of ${INSTAGRAM_TRIAL_GRADUATIONS.join(', ')}`),
        );
    }
  }
  return problems;
}

/** Why a placement does not take an option it leaves out (INSTAGRAM_PLACEMENT_OPTIONS). */
function whyNot(name: string, placement: InstagramPlacement): string {
  if (INSTAGRAM_REEL_OPTIONS.includes(name))
    return `Instagram takes it on reels only (placement "reel"), not on a ${placement} post`;
  return name === 'locationId'
    ? `Instagram takes no location on a ${placement} (stickers are not published)`
    : `Instagram takes no ${name} on a ${placement}`;
}

/** The options given that the placement does not take (INSTAGRAM_PLACEMENT_OPTIONS), reel options first. */
function placementProblems(options: NetworkPostOptions, at: string, placement: InstagramPlacement): ContentProblem[] {
  const taken = INSTAGRAM_PLACEMENT_OPTIONS[placement];
  const order = [
    ...INSTAGRAM_REEL_OPTIONS,
    ...INSTAGRAM_OPTION_NAMES.filter((name) => !INSTAGRAM_REEL_OPTIONS.includes(name)),
  ];
  return order
    .filter((name) => options[name] !== undefined && !taken.includes(name))
    .map((name) => ({
      field: `${at}.${name}`,
      rule: 'options_exclusive' as const,
      message: `${at}.${name}: ${whyNot(name, placement)}`,
    }));
}

/** Every problem of `options.instagram` (at `at`), published with `parts` (the options are the first's). */
export function instagramOptionProblems(
  options: NetworkPostOptions,
  at: string,
  parts: readonly PostPart[],
): ContentProblem[] {
  const problems = unknownOptionProblems(options, at, INSTAGRAM_OPTION_NAMES, 'Instagram');
  if (options.placement !== undefined && !INSTAGRAM_PLACEMENTS.includes(options.placement as InstagramPlacement))
    problems.push(invalid(`${at}.placement`, `must be one of ${INSTAGRAM_PLACEMENTS.join(', ')}`));
  const placement = instagramPlacementOf(options);
  if (options.collaborators !== undefined)
    problems.push(...collaboratorProblems(options.collaborators, `${at}.collaborators`));
  if (options.userTags !== undefined)
    problems.push(...userTagProblems(options.userTags, `${at}.userTags`, placement, parts[0]));
  if (
    options.locationId !== undefined &&
    (typeof options.locationId !== 'string' || !locationId.test(options.locationId))
  )
    problems.push(invalid(`${at}.locationId`, 'must be the id of a Page with a location (digits)'));
  problems.push(...reelOptionProblems(options, at), ...placementProblems(options, at, placement));
  return problems;
}

export const INSTAGRAM_POST_OPTIONS: PostOptionsRules = {
  names: INSTAGRAM_OPTION_NAMES,
  schema: INSTAGRAM_OPTIONS_SCHEMA,
  check: instagramOptionProblems,
};

/** The options as they read once accepted (instagramOptionProblems found nothing). */
export function readInstagramOptions(options: NetworkPostOptions | undefined): InstagramPostOptions {
  return (options ?? {}) as InstagramPostOptions;
}
