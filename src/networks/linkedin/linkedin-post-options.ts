import { linkedInApiRules } from '../../contracts';
import type { ContentProblem, PostPart } from '../network-adapter';
import { textOnlyOptionProblems, unknownOptionProblems } from '../post-options';
import type { NetworkPostOptions, PostOptionsRules } from '../post-options';

const posts = linkedInApiRules().posts;
const pollRule = posts.content.poll;

/**
 * LinkedIn's options for a post (`options.linkedin`), each a field of the Posts API's body
 * (contracts/linkedin/api-rules.json `posts`):
 * - `visibility` → `visibility`: PUBLIC (the default) or CONNECTIONS (a member's post only);
 * - `disableReshare` → `isReshareDisabledByAuthor`;
 * - `article` → `content.article` `{source, title, description}`: a link shown as an article
 *   (LinkedIn does not read the page for a preview: the title is ours to give);
 * - `poll` → `content.poll`: a question, 2 to 4 options, a duration;
 * - `document` → `content.media` of a document uploaded to the Documents API (a PDF), with its title.
 * An article, a poll and a document are each the post's content: one at most, and not with media.
 */
export interface LinkedInPostOptions {
  visibility?: 'PUBLIC' | 'CONNECTIONS';
  disableReshare?: boolean;
  article?: { url: string; title: string; description?: string };
  poll?: { question: string; options: string[]; duration?: string };
  document?: { url: string; title: string };
}

export const LINKEDIN_VISIBILITIES = ['PUBLIC', 'CONNECTIONS'] as const;
export const LINKEDIN_POLL_DURATIONS: readonly string[] = pollRule.durations;
export const LINKEDIN_POLL_BOUNDS = {
  minOptions: pollRule.minOptions,
  maxOptions: pollRule.maxOptions,
  questionMaxLength: pollRule.questionMaxLength,
  optionMaxLength: pollRule.optionMaxLength,
};
const LINK = /^https?:\/\/\S+$/i;
const LINK_MAX_LENGTH = 2048;
const TITLE_MAX_LENGTH = 400;
const DESCRIPTION_MAX_LENGTH = 4086;
/** The options that are the post's content (one at most, without media). */
const CONTENT_OPTIONS = ['article', 'poll', 'document'] as const;

export const LINKEDIN_OPTION_NAMES: readonly string[] = ['visibility', 'disableReshare', 'article', 'poll', 'document'];

const link = (description: string) => ({
  type: 'string',
  maxLength: LINK_MAX_LENGTH,
  pattern: LINK.source,
  examples: ['https://example.com/menu'],
  description,
});
const title = { type: 'string', minLength: 1, maxLength: TITLE_MAX_LENGTH };

/** The JSON Schema of `options.linkedin`, from the bounds linkedInOptionProblems checks. */
export const LINKEDIN_OPTIONS_SCHEMA: Readonly<Record<string, unknown>> = {
  type: 'object',
  additionalProperties: false,
  properties: {
    visibility: {
      type: 'string',
      enum: [...LINKEDIN_VISIBILITIES],
      default: 'PUBLIC',
      description: "Who sees the post (visibility): PUBLIC, or CONNECTIONS (a member's post only)",
    },
    disableReshare: {
      type: 'boolean',
      default: false,
      description: 'Whether others may not reshare the post (isReshareDisabledByAuthor)',
    },
    article: {
      type: 'object',
      description: 'A link shown as an article (content.article); a post without media, poll or document',
      additionalProperties: false,
      required: ['url', 'title'],
      properties: {
        url: link('The article (content.article.source)'),
        title: { ...title, description: 'Its title, shown on the card (LinkedIn does not read the page)' },
        description: { type: 'string', maxLength: DESCRIPTION_MAX_LENGTH },
      },
    },
    poll: {
      type: 'object',
      description: 'A poll (content.poll); a post without media, article or document',
      additionalProperties: false,
      required: ['question', 'options'],
      properties: {
        question: { type: 'string', minLength: 1, maxLength: LINKEDIN_POLL_BOUNDS.questionMaxLength },
        options: {
          type: 'array',
          minItems: LINKEDIN_POLL_BOUNDS.minOptions,
          maxItems: LINKEDIN_POLL_BOUNDS.maxOptions,
          items: { type: 'string', minLength: 1, maxLength: LINKEDIN_POLL_BOUNDS.optionMaxLength },
        },
        duration: { type: 'string', enum: [...LINKEDIN_POLL_DURATIONS], default: 'THREE_DAYS' },
      },
    },
    document: {
      type: 'object',
      description: 'A PDF shown as a document (Documents API, content.media); a post without media, article or poll',
      additionalProperties: false,
      required: ['url', 'title'],
      properties: {
        url: {
          ...link('Where the PDF is'),
          pattern: '^https?://\\S+\\.pdf(\\?\\S*)?$',
          examples: ['https://example.com/menu.pdf'],
        },
        title: { ...title, description: 'Its title (required by LinkedIn for a document)' },
      },
    },
  },
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const length = (text: string): number => [...text].length;

type Problem = (field: string, message: string, rule?: ContentProblem['rule']) => ContentProblem;
const problem: Problem = (field, message, rule = 'option_invalid') => ({ field, rule, message: `${field} ${message}` });

function stringOk(value: unknown, min: number, max: number, pattern?: RegExp): boolean {
  return typeof value === 'string' && length(value) >= min && length(value) <= max && (!pattern || pattern.test(value));
}

/** An object option's fields: the unknown ones, then each known one's check. */
function objectProblems(
  value: unknown,
  at: string,
  fields: Record<string, { required: boolean; ok: (value: unknown) => boolean; words: string }>,
  rule: ContentProblem['rule'] = 'option_invalid',
): ContentProblem[] {
  if (!isRecord(value)) return [problem(at, `must be an object with ${Object.keys(fields).join(', ')}`, rule)];
  const problems = Object.keys(value)
    .filter((key) => !(key in fields))
    .map((key) => problem(`${at}.${key}`, `is not a field of ${at}`, rule));
  for (const [name, field] of Object.entries(fields)) {
    if (value[name] === undefined) {
      if (field.required) problems.push(problem(`${at}.${name}`, 'is required', rule));
    } else if (!field.ok(value[name])) problems.push(problem(`${at}.${name}`, `must be ${field.words}`, rule));
  }
  return problems;
}

/** Every problem of `options.linkedin` (at `at`), published with `parts`. */
export function linkedInOptionProblems(
  options: NetworkPostOptions,
  at: string,
  parts: readonly PostPart[],
): ContentProblem[] {
  const problems = unknownOptionProblems(options, at, LINKEDIN_OPTION_NAMES, 'LinkedIn');
  if (options.visibility !== undefined && !(LINKEDIN_VISIBILITIES as readonly unknown[]).includes(options.visibility))
    problems.push(problem(`${at}.visibility`, `must be one of ${LINKEDIN_VISIBILITIES.join(', ')}`));
  if (options.disableReshare !== undefined && typeof options.disableReshare !== 'boolean')
    problems.push(problem(`${at}.disableReshare`, 'must be true or false'));
  const url = {
    required: true,
    ok: (v: unknown) => stringOk(v, 1, LINK_MAX_LENGTH, LINK),
    words: `an http(s) URL of at most ${LINK_MAX_LENGTH} characters`,
  };
  const titled = {
    required: true,
    ok: (v: unknown) => stringOk(v, 1, TITLE_MAX_LENGTH),
    words: `1 to ${TITLE_MAX_LENGTH} characters`,
  };
  if (options.article !== undefined)
    problems.push(
      ...objectProblems(options.article, `${at}.article`, {
        url,
        title: titled,
        description: {
          required: false,
          ok: (v) => stringOk(v, 0, DESCRIPTION_MAX_LENGTH),
          words: `at most ${DESCRIPTION_MAX_LENGTH} characters`,
        },
      }),
    );
  if (options.document !== undefined)
    problems.push(
      ...objectProblems(options.document, `${at}.document`, {
        url: {
          ...url,
          ok: (v) => stringOk(v, 1, LINK_MAX_LENGTH, /^https?:\/\/\S+\.pdf(\?\S*)?$/i),
          words: 'the http(s) URL of a PDF',
        },
        title: titled,
      }),
    );
  if (options.poll !== undefined) {
    const { minOptions, maxOptions, questionMaxLength, optionMaxLength } = LINKEDIN_POLL_BOUNDS;
    problems.push(
      ...objectProblems(
        options.poll,
        `${at}.poll`,
        {
          question: {
            required: true,
            ok: (v) => stringOk(v, 1, questionMaxLength),
            words: `1 to ${questionMaxLength} characters`,
          },
          options: {
            required: true,
            ok: (v) =>
              Array.isArray(v) &&
              v.length >= minOptions &&
              v.length <= maxOptions &&
              v.every((o) => stringOk(o, 1, optionMaxLength)),
            words: `${minOptions} to ${maxOptions} choices of 1 to ${optionMaxLength} characters`,
          },
          duration: {
            required: false,
            ok: (v) => LINKEDIN_POLL_DURATIONS.includes(v as string),
            words: `one of ${LINKEDIN_POLL_DURATIONS.join(', ')}`,
          },
        },
        'poll_invalid',
      ),
    );
  }
  const contents = CONTENT_OPTIONS.filter((name) => options[name] !== undefined);
  for (const name of contents.slice(1))
    problems.push({
      field: `${at}.${name}`,
      rule: 'options_exclusive',
      message: `${at}.${name}: a LinkedIn post holds one of ${CONTENT_OPTIONS.join(', ')}, not several`,
    });
  problems.push(...textOnlyOptionProblems(options, at, parts, contents, 'LinkedIn'));
  return problems;
}

export const LINKEDIN_POST_OPTIONS: PostOptionsRules = {
  names: LINKEDIN_OPTION_NAMES,
  schema: LINKEDIN_OPTIONS_SCHEMA,
  check: linkedInOptionProblems,
};

/** The options as they read once accepted (linkedInOptionProblems found nothing). */
export function readLinkedInOptions(options: NetworkPostOptions | undefined): LinkedInPostOptions {
  return (options ?? {}) as LinkedInPostOptions;
}

/** Whether the options give the post content of their own (so it needs neither text nor media). */
export function optionsGiveContent(options: NetworkPostOptions | undefined): boolean {
  return CONTENT_OPTIONS.some((name) => isRecord(options?.[name]));
}
