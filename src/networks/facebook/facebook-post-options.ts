import type { ContentProblem, PostPart } from '../network-adapter';
import { unknownOptionProblems } from '../post-options';
import type { NetworkPostOptions, PostOptionsRules } from '../post-options';

/**
 * Facebook's options for a post (`options.facebook`):
 * - `placement`: where on the Page it goes. `feed` (the default): a Page post (`/feed`, `/photos`,
 *   `/videos`); `reel`: one video published with `/video_reels` (Reels Publishing guide); `story`:
 *   one photo (`/photo_stories`) or one video (`/video_stories`) (Page Stories guide).
 * - `link`: an http(s) URL sent as `link` on `/feed` (contracts/meta/specs/Page.json, POST feed
 *   `link string`), of which Facebook shows a preview built from the page's Open Graph tags.
 */
export interface FacebookPostOptions {
  placement?: FacebookPlacement;
  link?: string;
}

export const FACEBOOK_PLACEMENTS = ['feed', 'reel', 'story'] as const;
export type FacebookPlacement = (typeof FACEBOOK_PLACEMENTS)[number];

/** The keys of `options.facebook`, besides `containers` (which every network takes). */
export const FACEBOOK_OPTION_NAMES: readonly string[] = ['placement', 'link'];

/** The options each placement takes (read by the option check and stated by the capability document): a link on a feed post only. */
export const FACEBOOK_PLACEMENT_OPTIONS: Readonly<Record<FacebookPlacement, readonly string[]>> = {
  feed: FACEBOOK_OPTION_NAMES,
  reel: FACEBOOK_OPTION_NAMES.filter((name) => name !== 'link'),
  story: FACEBOOK_OPTION_NAMES.filter((name) => name !== 'link'),
};

/**
 * The longest link taken: the bound the emulator (and the service's media URLs) hold URLs to.
 * Graph states none for `link`.
 */
export const FACEBOOK_LINK_MAX_LENGTH = 2048;

export const FACEBOOK_OPTIONS_SCHEMA: Readonly<Record<string, unknown>> = {
  type: 'object',
  additionalProperties: false,
  properties: {
    placement: {
      type: 'string',
      enum: [...FACEBOOK_PLACEMENTS],
      default: 'feed',
      description: 'feed: a Page post; reel: one video as a reel; story: one photo or one video as a Page story',
    },
    link: {
      type: 'string',
      format: 'uri',
      pattern: '^https?://',
      maxLength: FACEBOOK_LINK_MAX_LENGTH,
      examples: ['https://bakery.example/menu'],
      description: 'A link shared with a feed post (no media): Facebook shows its preview',
    },
  },
};

function isLink(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > FACEBOOK_LINK_MAX_LENGTH) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * Every problem of `options.facebook` (at `at`), published with `parts`. A link goes on a feed post
 * without media only: a story or a reel has no `link` parameter (Page.json's video_reels,
 * video_stories and photo_stories), and a feed post with both a link and photos is refused rather
 * than guessed at, as Graph documents no post holding both: a link post shows the link's preview in
 * place of media, so one of the two would not be what people see.
 */
export function facebookOptionProblems(
  options: NetworkPostOptions,
  at: string,
  parts: readonly PostPart[],
): ContentProblem[] {
  const problems = unknownOptionProblems(options, at, FACEBOOK_OPTION_NAMES, 'Facebook');
  const { placement, link } = options;
  if (placement !== undefined && !FACEBOOK_PLACEMENTS.includes(placement as FacebookPlacement))
    problems.push({
      field: `${at}.placement`,
      rule: 'option_invalid',
      message: `${at}.placement must be one of ${FACEBOOK_PLACEMENTS.join(', ')}`,
    });
  if (link === undefined) return problems;
  if (!isLink(link))
    problems.push({
      field: `${at}.link`,
      rule: 'option_invalid',
      message: `${at}.link must be an http or https URL of at most ${FACEBOOK_LINK_MAX_LENGTH} characters`,
    });
  else if (!FACEBOOK_PLACEMENT_OPTIONS[readFacebookOptions(options).placement].includes('link'))
    problems.push({
      field: `${at}.link`,
      rule: 'options_exclusive',
      message: `${at}.link: a Facebook ${placement} takes no link (only a feed post does)`,
    });
  else if ((parts[0]?.media.length ?? 0) > 0)
    problems.push({
      field: `${at}.link`,
      rule: 'options_exclusive',
      message: `${at}.link: a Facebook post takes a link or media, not both (the link's preview would replace the media)`,
    });
  return problems;
}

export const FACEBOOK_POST_OPTIONS: PostOptionsRules = {
  names: FACEBOOK_OPTION_NAMES,
  schema: FACEBOOK_OPTIONS_SCHEMA,
  check: facebookOptionProblems,
};

/** The options as they read once accepted; a placement not (yet) checked reads as the default, feed. */
export function readFacebookOptions(options: NetworkPostOptions | undefined): {
  placement: FacebookPlacement;
  link?: string;
} {
  const placement = FACEBOOK_PLACEMENTS.includes(options?.placement as FacebookPlacement)
    ? (options!.placement as FacebookPlacement)
    : 'feed';
  const link = typeof options?.link === 'string' ? options.link : undefined;
  return { placement, ...(link !== undefined ? { link } : {}) };
}
