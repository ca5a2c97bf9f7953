import { tiktokApiRules } from '../../contracts';
import type { ContentProblem, PostPart } from '../network-adapter';
import { unknownOptionProblems } from '../post-options';
import type { NetworkPostOptions, PostOptionsRules } from '../post-options';

const rules = tiktokApiRules();
const privacyLevels = (rules.definitions.privacyLevel as { enum: string[] }).enum;

/**
 * TikTok's options for a post (`options.tiktok`), each a field of the init's `post_info`
 * (contracts/tiktok/api-rules.json, from the Direct Post and Photo Post references):
 * - `privacyLevel` → `privacy_level`: required (TikTok's rules forbid a default), one of the levels
 *   the creator's account offers, checked against creator_info before each post (a video draft
 *   does not send it: the creator picks it in TikTok);
 * - `disableComment`, `disableDuet`, `disableStitch` → `disable_*` (duet and stitch: videos only);
 *   a setting the creator turned off in TikTok stays off whatever is asked;
 * - `brandContentToggle` (a paid partnership promoting a third party: never SELF_ONLY) and
 *   `brandOrganicToggle` (promoting the creator's own business): the commercial content disclosure;
 * - `isAigc` → `is_aigc`: AI-generated content;
 * - `mode`: `direct` (the default: posted to the profile, video.publish) or `draft` (sent to the
 *   creator's inbox to finish in TikTok, video.upload; a video draft takes no post settings);
 * - `title` (a photo post's title, 90 characters: the post's text is its description),
 *   `autoAddMusic` and `photoCoverIndex` (photos); `videoCoverTimestampMs` (a video's cover frame).
 */
export interface TikTokPostOptions {
  privacyLevel?: string;
  disableComment?: boolean;
  disableDuet?: boolean;
  disableStitch?: boolean;
  brandContentToggle?: boolean;
  brandOrganicToggle?: boolean;
  isAigc?: boolean;
  mode?: 'direct' | 'draft';
  title?: string;
  autoAddMusic?: boolean;
  photoCoverIndex?: number;
  videoCoverTimestampMs?: number;
}

export const TIKTOK_PRIVACY_LEVELS: readonly string[] = privacyLevels;
export const TIKTOK_PHOTO_TITLE_LIMIT = rules.posting.titleMaxRunes.photo;
const BOOLEANS = [
  'disableComment',
  'disableDuet',
  'disableStitch',
  'brandContentToggle',
  'brandOrganicToggle',
  'isAigc',
  'autoAddMusic',
] as const;
const VIDEO_ONLY = ['disableDuet', 'disableStitch', 'videoCoverTimestampMs'] as const;
const PHOTO_ONLY = ['title', 'autoAddMusic', 'photoCoverIndex'] as const;

export const TIKTOK_OPTION_NAMES: readonly string[] = [
  'privacyLevel',
  'disableComment',
  'disableDuet',
  'disableStitch',
  'brandContentToggle',
  'brandOrganicToggle',
  'isAigc',
  'mode',
  'title',
  'autoAddMusic',
  'photoCoverIndex',
  'videoCoverTimestampMs',
];

const flag = (description: string) => ({ type: 'boolean', description });

/** The JSON Schema of `options.tiktok`, from the bounds tiktokOptionProblems checks. */
export const TIKTOK_OPTIONS_SCHEMA: Readonly<Record<string, unknown>> = {
  type: 'object',
  additionalProperties: false,
  required: ['privacyLevel'],
  properties: {
    privacyLevel: {
      type: 'string',
      enum: [...TIKTOK_PRIVACY_LEVELS],
      description:
        "Who may see the post (privacy_level): required, one of the levels the creator's account offers (a public account: PUBLIC_TO_EVERYONE, MUTUAL_FOLLOW_FRIENDS, SELF_ONLY; a private one: FOLLOWER_OF_CREATOR, MUTUAL_FOLLOW_FRIENDS, SELF_ONLY). TikTok's rules forbid a default",
    },
    disableComment: flag('Turn comments off (disable_comment); off anyway where the creator turned them off'),
    disableDuet: flag('Turn duets off (disable_duet; videos only)'),
    disableStitch: flag('Turn stitches off (disable_stitch; videos only)'),
    brandContentToggle: flag(
      'Branded content: a paid partnership promoting a third party (brand_content_toggle); never with SELF_ONLY',
    ),
    brandOrganicToggle: flag("Your brand: the post promotes the creator's own business (brand_organic_toggle)"),
    isAigc: flag('The content is AI-generated (is_aigc)'),
    mode: {
      type: 'string',
      enum: ['direct', 'draft'],
      default: 'direct',
      description:
        "direct: posted to the creator's profile (video.publish). draft: sent to the creator's TikTok inbox to finish there (video.upload); a video draft takes no option but privacyLevel, which it does not send",
    },
    title: {
      type: 'string',
      minLength: 1,
      maxLength: TIKTOK_PHOTO_TITLE_LIMIT,
      description: "A photo post's title (the post's text is its description)",
    },
    autoAddMusic: flag('Let TikTok add recommended music to a photo post (auto_add_music)'),
    photoCoverIndex: {
      type: 'integer',
      minimum: 0,
      description:
        "The photo shown as the post's cover, from 0 to the number of photos less one (photo_cover_index; the first when absent)",
    },
    videoCoverTimestampMs: {
      type: 'integer',
      minimum: 0,
      maximum: 3_600_000,
      description: 'The frame of the video shown as its cover, in ms from its start (video_cover_timestamp_ms)',
    },
  },
};

const problem = (field: string, rule: ContentProblem['rule'], message: string): ContentProblem => ({
  field,
  rule,
  message: `${field} ${message}`,
});

/** Every problem of `options.tiktok` (at `at`), published with `parts`. The missing privacy level is the content rules' (they run without options too). */
export function tiktokOptionProblems(
  options: NetworkPostOptions,
  at: string,
  parts: readonly PostPart[],
): ContentProblem[] {
  const problems = unknownOptionProblems(options, at, TIKTOK_OPTION_NAMES, 'TikTok');
  if (options.privacyLevel !== undefined && !TIKTOK_PRIVACY_LEVELS.includes(options.privacyLevel as string))
    problems.push(
      problem(`${at}.privacyLevel`, 'option_invalid', `must be one of ${TIKTOK_PRIVACY_LEVELS.join(', ')}`),
    );
  for (const name of BOOLEANS)
    if (options[name] !== undefined && typeof options[name] !== 'boolean')
      problems.push(problem(`${at}.${name}`, 'option_invalid', 'must be true or false'));
  if (options.mode !== undefined && options.mode !== 'direct' && options.mode !== 'draft')
    problems.push(problem(`${at}.mode`, 'option_invalid', 'must be direct or draft'));
  if (
    options.title !== undefined &&
    (typeof options.title !== 'string' || options.title.length < 1 || options.title.length > TIKTOK_PHOTO_TITLE_LIMIT)
  )
    problems.push(problem(`${at}.title`, 'option_invalid', `must be 1 to ${TIKTOK_PHOTO_TITLE_LIMIT} characters`));
  const integer = (name: string, max: number) => {
    const value = options[name];
    if (value !== undefined && (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max))
      problems.push(problem(`${at}.${name}`, 'option_invalid', `must be an integer from 0 to ${max}`));
  };
  // Bounded by the post's photos (below), which are at most 20 here.
  integer('photoCoverIndex', Number.MAX_SAFE_INTEGER);
  integer('videoCoverTimestampMs', 3_600_000);
  if (options.brandContentToggle === true && options.privacyLevel === 'SELF_ONLY')
    problems.push(
      problem(
        `${at}.brandContentToggle`,
        'options_exclusive',
        'cannot go with privacyLevel SELF_ONLY: branded content is never private',
      ),
    );
  const media = parts[0]?.media ?? [];
  const video = media.some((medium) => medium.kind === 'video');
  const photos = media.filter((medium) => medium.kind === 'image').length;
  for (const name of video ? PHOTO_ONLY : photos ? VIDEO_ONLY : [])
    if (options[name] !== undefined)
      problems.push(
        problem(
          `${at}.${name}`,
          'option_not_sent',
          `is for a TikTok ${video ? 'photo post' : 'video'} only: it is not sent with this post`,
        ),
      );
  if (typeof options.photoCoverIndex === 'number' && photos && options.photoCoverIndex >= photos)
    problems.push(
      problem(
        `${at}.photoCoverIndex`,
        'option_invalid',
        `must name one of the post's ${photos} photos (0 to ${photos - 1})`,
      ),
    );
  if (options.mode === 'draft' && video)
    for (const name of Object.keys(options).filter(
      (key) => key !== 'mode' && key !== 'privacyLevel' && TIKTOK_OPTION_NAMES.includes(key),
    ))
      problems.push(
        problem(`${at}.${name}`, 'option_not_sent', 'is not sent with a video draft: the creator sets it in TikTok'),
      );
  return problems;
}

export const TIKTOK_POST_OPTIONS: PostOptionsRules = {
  names: TIKTOK_OPTION_NAMES,
  schema: TIKTOK_OPTIONS_SCHEMA,
  // Checked per account on the options as resolved (an account override may carry it alone).
  required: TIKTOK_OPTIONS_SCHEMA.required as readonly string[],
  requiredBecause: {
    privacyLevel: `one of the levels the creator's account offers (${TIKTOK_PRIVACY_LEVELS.join(', ')}); TikTok's rules forbid a default`,
  },
  check: tiktokOptionProblems,
};

/** The options as they read once accepted (tiktokOptionProblems found nothing). */
export function readTikTokOptions(options: NetworkPostOptions | undefined): TikTokPostOptions {
  return (options ?? {}) as TikTokPostOptions;
}
