import { youTubeApiRules, youTubeTagsLength } from '../../contracts';
import { isRecord } from '../http/json-fields';
import type { ContentProblem } from '../network-adapter';
import { unknownOptionProblems } from '../post-options';
import type { NetworkPostOptions, PostOptionsRules } from '../post-options';

const { videoResource, thumbnails } = youTubeApiRules();
const titleRule = videoResource['snippet.title'];

/**
 * YouTube's options for a video (`options.youtube`), each a field of the Video resource
 * videos.insert sends (contracts/youtube/discovery.json `Video`):
 * - `title` → `snippet.title` (required: 1 to 100 characters, without < or >);
 * - `madeForKids` → `status.selfDeclaredMadeForKids` (required: YouTube's audience declaration);
 * - `privacyStatus` → `status.privacyStatus`: public (the default), unlisted or private;
 * - `tags` → `snippet.tags` (500 characters together, counted as YouTube counts them);
 * - `categoryId` → `snippet.categoryId` (a video category's id; 22, People & Blogs, when absent);
 * - `containsSyntheticMedia` → `status.containsSyntheticMedia` (altered or synthetic content);
 * - `thumbnail` → thumbnails.set after the upload: `{ url }` of a JPEG or PNG up to 2 MB (an
 *   uploaded medium's url, or the customer's); the channel must be allowed custom thumbnails.
 */
export interface YouTubePostOptions {
  title: string;
  madeForKids: boolean;
  privacyStatus?: 'public' | 'unlisted' | 'private';
  tags?: string[];
  categoryId?: string;
  containsSyntheticMedia?: boolean;
  thumbnail?: { url: string };
}

export const YOUTUBE_PRIVACY_STATUSES = ['public', 'unlisted', 'private'] as const;
export const YOUTUBE_TITLE_MAX_LENGTH = titleRule.maxLength;
export const YOUTUBE_TAGS_MAX_LENGTH = videoResource['snippet.tags'].maxTotalLength;
const CATEGORY = new RegExp(videoResource['snippet.categoryId'].pattern);
const NO_ANGLES = /^[^<>]*$/;
const IMAGE_URL = /^https?:\/\/\S+$/i;
const URL_MAX_LENGTH = 2048;

export const YOUTUBE_OPTION_NAMES: readonly string[] = [
  'title',
  'madeForKids',
  'privacyStatus',
  'tags',
  'categoryId',
  'containsSyntheticMedia',
  'thumbnail',
];

/** The JSON Schema of `options.youtube`, from the bounds youTubeOptionProblems checks. */
export const YOUTUBE_OPTIONS_SCHEMA: Readonly<Record<string, unknown>> = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'madeForKids'],
  properties: {
    title: {
      type: 'string',
      minLength: 1,
      maxLength: YOUTUBE_TITLE_MAX_LENGTH,
      pattern: NO_ANGLES.source,
      examples: ['Fresh rye, start to finish'],
      description: 'The video\u2019s title (snippet.title): 1 to 100 characters, without < or >. Required',
    },
    madeForKids: {
      type: 'boolean',
      description:
        'Whether the video is made for kids (status.selfDeclaredMadeForKids): the audience declaration YouTube asks of every upload. Required',
    },
    privacyStatus: {
      type: 'string',
      enum: [...YOUTUBE_PRIVACY_STATUSES],
      default: 'public',
      description: 'Who may watch it (status.privacyStatus)',
    },
    tags: {
      type: 'array',
      items: { type: 'string', minLength: 1, pattern: NO_ANGLES.source, examples: ['bread'] },
      description: `Keywords (snippet.tags): ${YOUTUBE_TAGS_MAX_LENGTH} characters together, the commas between them counted and a tag with a space counted with two quotation marks`,
    },
    categoryId: {
      type: 'string',
      pattern: CATEGORY.source,
      examples: ['22'],
      description:
        'A video category\u2019s id (snippet.categoryId, videoCategories.list); 22 (People & Blogs) when absent',
    },
    containsSyntheticMedia: {
      type: 'boolean',
      default: false,
      description: 'Whether it holds altered or synthetic content that looks real (status.containsSyntheticMedia)',
    },
    thumbnail: {
      type: 'object',
      additionalProperties: false,
      required: ['url'],
      properties: {
        url: {
          type: 'string',
          maxLength: URL_MAX_LENGTH,
          pattern: IMAGE_URL.source,
          examples: ['https://example.com/cover.jpg'],
          description: `A JPEG or PNG of at most ${thumbnails.maxBytes} bytes: an uploaded medium\u2019s url, or your own`,
        },
      },
      description:
        'A custom thumbnail, set with thumbnails.set once the video is uploaded (the channel must be allowed them)',
    },
  },
};

const invalid = (field: string, message: string): ContentProblem => ({ field, rule: 'option_invalid', message });

/**
 * options.youtube against the bounds of its schema. A required option missing is
 * YOUTUBE_POST_OPTIONS.required's to name (per account, on the options as resolved).
 */
export function youTubeOptionProblems(options: NetworkPostOptions, at: string): ContentProblem[] {
  const problems = unknownOptionProblems(options, at, YOUTUBE_OPTION_NAMES, 'YouTube');
  const { title, madeForKids, privacyStatus, tags, categoryId, containsSyntheticMedia, thumbnail } = options;
  if (
    title !== undefined &&
    (typeof title !== 'string' ||
      !title.trim() ||
      [...title].length > YOUTUBE_TITLE_MAX_LENGTH ||
      !NO_ANGLES.test(title))
  )
    problems.push(
      invalid(`${at}.title`, `${at}.title must be 1 to ${YOUTUBE_TITLE_MAX_LENGTH} characters, without < or >`),
    );
  for (const [name, value] of [
    ['madeForKids', madeForKids],
    ['containsSyntheticMedia', containsSyntheticMedia],
  ] as const)
    if (value !== undefined && typeof value !== 'boolean')
      problems.push(invalid(`${at}.${name}`, `${at}.${name} must be true or false`));
  if (privacyStatus !== undefined && !YOUTUBE_PRIVACY_STATUSES.includes(privacyStatus as never))
    problems.push(
      invalid(`${at}.privacyStatus`, `${at}.privacyStatus must be one of ${YOUTUBE_PRIVACY_STATUSES.join(', ')}`),
    );
  if (tags !== undefined) {
    const list = Array.isArray(tags) ? tags : [];
    if (!Array.isArray(tags) || list.some((tag) => typeof tag !== 'string' || !tag || !NO_ANGLES.test(tag)))
      problems.push(invalid(`${at}.tags`, `${at}.tags must be a list of words, without < or >`));
    else if (youTubeTagsLength(list as string[]) > YOUTUBE_TAGS_MAX_LENGTH)
      problems.push(
        invalid(
          `${at}.tags`,
          `${at}.tags hold more than ${YOUTUBE_TAGS_MAX_LENGTH} characters as YouTube counts them (commas and quotes included)`,
        ),
      );
  }
  if (categoryId !== undefined && (typeof categoryId !== 'string' || !CATEGORY.test(categoryId)))
    problems.push(invalid(`${at}.categoryId`, `${at}.categoryId must be a video category\u2019s id (digits)`));
  if (thumbnail !== undefined) {
    if (!isRecord(thumbnail)) problems.push(invalid(`${at}.thumbnail`, `${at}.thumbnail must be { url }`));
    else {
      const { url } = thumbnail;
      if (typeof url !== 'string' || url.length > URL_MAX_LENGTH || !IMAGE_URL.test(url))
        problems.push(invalid(`${at}.thumbnail.url`, `${at}.thumbnail.url must be the http(s) URL of a JPEG or PNG`));
      for (const key of Object.keys(thumbnail).filter((name) => name !== 'url'))
        problems.push({
          field: `${at}.thumbnail.${key}`,
          rule: 'option_unknown',
          message: `${at}.thumbnail.${key} is not a field of a thumbnail`,
        });
    }
  }
  return problems;
}

export const YOUTUBE_POST_OPTIONS: PostOptionsRules = {
  names: YOUTUBE_OPTION_NAMES,
  schema: YOUTUBE_OPTIONS_SCHEMA,
  // Checked per account on the options as resolved (an account override may carry them alone).
  required: YOUTUBE_OPTIONS_SCHEMA.required as readonly string[],
  requiredBecause: {
    title: 'YouTube publishes no video without a title',
    madeForKids: 'YouTube asks every upload whether it is made for kids (its audience declaration)',
  },
  check: youTubeOptionProblems,
};

/** The options as they read once accepted (the content rules and youTubeOptionProblems found nothing). */
export function readYouTubeOptions(options: NetworkPostOptions | undefined): YouTubePostOptions {
  return (options ?? {}) as unknown as YouTubePostOptions;
}
