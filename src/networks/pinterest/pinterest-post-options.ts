import { pinterestApiRules } from '../../contracts';
import type { ContentProblem, PostPart } from '../network-adapter';
import { unknownOptionProblems } from '../post-options';
import type { NetworkPostOptions, PostOptionsRules } from '../post-options';

const pins = pinterestApiRules().pins;

/**
 * Pinterest's options for a pin (`options.pinterest`), each a field of PinCreate in Pinterest's
 * description (contracts/pinterest/openapi.json; bounds in api-rules.json `pins`):
 * - `boardId` → `board_id` (required: a pin goes on one of the account's boards);
 * - `boardSectionId` → `board_section_id`, a section of that board;
 * - `title` → `title`, at most 100 characters;
 * - `link` → `link`, the page the pin leads to: http(s), at most 2,048 characters;
 * - `altText` → `alt_text`, at most 500 characters (else the first medium's alt text);
 * - `dominantColor` → `dominant_color`, `#rrggbb`.
 * The post's text is the pin's description.
 */
export interface PinterestPostOptions {
  boardId: string;
  boardSectionId?: string;
  title?: string;
  link?: string;
  altText?: string;
  dominantColor?: string;
}

export const PINTEREST_OPTION_NAMES: readonly string[] = [
  'boardId',
  'boardSectionId',
  'title',
  'link',
  'altText',
  'dominantColor',
];
const ID = new RegExp(pins.boardId.pattern);
const LINK = /^https?:\/\/\S+$/i;
const COLOR = /^#[0-9A-Fa-f]{6}$/;

const id = (what: string) => ({
  type: 'string',
  pattern: ID.source,
  examples: ['549755885175'],
  description: what,
});

/** The JSON Schema of `options.pinterest`, from the bounds pinterestOptionProblems checks. */
export const PINTEREST_OPTIONS_SCHEMA: Readonly<Record<string, unknown>> = {
  type: 'object',
  additionalProperties: false,
  // PINTEREST_POST_OPTIONS.required: refused per account as resolved (422 option_required).
  required: ['boardId'],
  properties: {
    boardId: id(
      "Required: the board the pin goes on (board_id), one of the account's: GET /api/v1/social-accounts/{id}/boards lists them",
    ),
    boardSectionId: id('A section of that board (board_section_id)'),
    title: { type: 'string', minLength: 1, maxLength: pins.title.maxLength, description: "The pin's title (title)" },
    link: {
      type: 'string',
      maxLength: pins.link.maxLength,
      pattern: LINK.source,
      examples: ['https://example.com/recipe'],
      description: 'The page the pin leads to (link): http or https',
    },
    altText: {
      type: 'string',
      minLength: 1,
      maxLength: pins.altText.maxLength,
      description: "The pin's alternative text (alt_text); without it, the first medium's altText",
    },
    dominantColor: {
      type: 'string',
      pattern: COLOR.source,
      examples: [pins.dominantColor.example],
      description: 'The color shown while the image loads (dominant_color), #rrggbb',
    },
  },
};

type Check = { ok: (value: unknown) => boolean; words: string };
const text = (min: number, max: number, pattern?: RegExp): Check => ({
  ok: (value) =>
    typeof value === 'string' &&
    [...value].length >= min &&
    [...value].length <= max &&
    (!pattern || pattern.test(value)),
  words: pattern ? '' : `${min} to ${max} characters`,
});

const CHECKS: Record<keyof PinterestPostOptions, Check> = {
  boardId: { ...text(1, 64, ID), words: "a board's id (digits)" },
  boardSectionId: { ...text(1, 64, ID), words: "a board section's id (digits)" },
  title: text(1, pins.title.maxLength),
  link: { ...text(1, pins.link.maxLength, LINK), words: `an http(s) URL of at most ${pins.link.maxLength} characters` },
  altText: text(1, pins.altText.maxLength),
  dominantColor: { ...text(7, 7, COLOR), words: 'a color as #rrggbb' },
};

/** Every problem of `options.pinterest` (at `at`). `boardId` missing is PostOptionsRules.required's to name. */
export function pinterestOptionProblems(options: NetworkPostOptions, at: string): ContentProblem[] {
  const problems = unknownOptionProblems(options, at, PINTEREST_OPTION_NAMES, 'Pinterest');
  for (const [name, check] of Object.entries(CHECKS)) {
    const value = options[name];
    if (value !== undefined && !check.ok(value))
      problems.push({
        field: `${at}.${name}`,
        rule: 'option_invalid',
        message: `${at}.${name} must be ${check.words}`,
      });
  }
  return problems;
}

export const PINTEREST_POST_OPTIONS: PostOptionsRules = {
  names: PINTEREST_OPTION_NAMES,
  schema: PINTEREST_OPTIONS_SCHEMA,
  required: PINTEREST_OPTIONS_SCHEMA.required as readonly string[],
  check: (options, at, _parts: readonly PostPart[]) => pinterestOptionProblems(options, at),
};

/** The options as they read once accepted (pinterestOptionProblems and the required check found nothing). */
export function readPinterestOptions(options: NetworkPostOptions | undefined): PinterestPostOptions {
  return (options ?? {}) as unknown as PinterestPostOptions;
}
