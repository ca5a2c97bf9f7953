import type { ContentProblem, PostPart } from '../network-adapter';
import type { NetworkPostOptions, PostOptionsRules } from '../post-options';
import { BLUESKY_LIMITS } from './bluesky-lexicon-limits';

/**
 * Bluesky's options for a post (`options.bluesky`), as the lexicons of contracts/bluesky/ take them:
 * - `replySettings` → an `app.bsky.feed.threadgate` record beside the post (`everyone`: none;
 *   `nobody`: `allow: []`; `mentioned` / `following` / `followers`: that rule alone);
 * - `quotes` → an `app.bsky.feed.postgate` record (`nobody`: `embeddingRules: [#disableRule]`);
 * - `langs` → the post's `langs` (at most 3 BCP-47 tags); `labels` → its self-labels
 *   (`com.atproto.label.defs#selfLabels`), among the adult-content values Bluesky's app offers
 *   (https://docs.bsky.app/docs/advanced-guides/moderation#global-label-values);
 * - `quotePostUri` → an `app.bsky.embed.record` (with the post's media: `recordWithMedia`);
 * - `linkCard` → an `app.bsky.embed.external` card (`uri`, `title`, `description`), not with images or a video.
 * They apply to the first post of a thread.
 */
export interface BlueskyPostOptions {
  replySettings?: BlueskyReplySettings;
  quotes?: 'everyone' | 'nobody';
  langs?: string[];
  labels?: BlueskySelfLabel[];
  quotePostUri?: string;
  linkCard?: { uri: string; title: string; description?: string };
}

export const BLUESKY_REPLY_SETTINGS = ['everyone', 'nobody', 'mentioned', 'following', 'followers'] as const;
export type BlueskyReplySettings = (typeof BLUESKY_REPLY_SETTINGS)[number];
export const BLUESKY_QUOTE_SETTINGS = ['everyone', 'nobody'] as const;
export const BLUESKY_SELF_LABELS = ['sexual', 'nudity', 'porn', 'graphic-media'] as const;
export type BlueskySelfLabel = (typeof BLUESKY_SELF_LABELS)[number];

/** An AT URI of a post (https://atproto.com/specs/at-uri-scheme): `at://<did or handle>/app.bsky.feed.post/<rkey>`. */
export const BLUESKY_POST_URI = /^at:\/\/[A-Za-z0-9._:%-]+\/app\.bsky\.feed\.post\/[A-Za-z0-9._:~-]{1,512}$/;
/** A language tag as the lexicons' `language` format takes it (BCP-47, simplified: `en`, `pt-BR`). */
export const BLUESKY_LANG = /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{1,8})*$/;
const HTTP_URL = /^https?:\/\/\S+$/;

export const BLUESKY_OPTION_NAMES: readonly string[] = [
  'replySettings',
  'quotes',
  'langs',
  'labels',
  'quotePostUri',
  'linkCard',
];

export const BLUESKY_OPTIONS_SCHEMA: Readonly<Record<string, unknown>> = {
  type: 'object',
  additionalProperties: false,
  properties: {
    replySettings: {
      type: 'string',
      enum: [...BLUESKY_REPLY_SETTINGS],
      default: 'everyone',
      description: 'Who may reply (a threadgate record; everyone when absent)',
    },
    quotes: {
      type: 'string',
      enum: [...BLUESKY_QUOTE_SETTINGS],
      default: 'everyone',
      description: 'Whether others may quote the post (a postgate record; everyone when absent)',
    },
    langs: {
      type: 'array',
      maxItems: BLUESKY_LIMITS.langs,
      uniqueItems: true,
      items: { type: 'string', pattern: BLUESKY_LANG.source, examples: ['en', 'ja', 'pt-BR'] },
      description: 'The languages of the text (BCP-47)',
    },
    labels: {
      type: 'array',
      maxItems: BLUESKY_SELF_LABELS.length,
      uniqueItems: true,
      items: { type: 'string', enum: [...BLUESKY_SELF_LABELS] },
      description: 'Content warnings the author puts on the post (self-labels)',
    },
    quotePostUri: {
      type: 'string',
      pattern: BLUESKY_POST_URI.source,
      examples: ['at://did:plc:z72i7hdynmk6r22z27h6tvur/app.bsky.feed.post/3l6oveex3ii2l'],
      description: 'The AT URI of the Bluesky post this post quotes',
    },
    linkCard: {
      type: 'object',
      additionalProperties: false,
      required: ['uri', 'title'],
      description: 'A link card (an external embed) under the text; not with images or a video',
      properties: {
        uri: { type: 'string', format: 'uri', pattern: HTTP_URL.source, examples: ['https://example.com/article'] },
        title: { type: 'string', maxLength: 300 },
        description: { type: 'string', maxLength: 1000 },
      },
    },
  },
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const invalid = (field: string, message: string): ContentProblem => ({
  field,
  rule: 'option_invalid',
  message: `${field} ${message}`,
});

function oneOf(value: unknown, allowed: readonly string[], field: string): ContentProblem[] {
  return typeof value === 'string' && allowed.includes(value)
    ? []
    : [invalid(field, `must be one of ${allowed.join(', ')}`)];
}

function linkCardProblems(card: unknown, at: string): ContentProblem[] {
  if (!isRecord(card)) return [invalid(at, 'must be an object with uri and title')];
  const unknown = Object.keys(card).find((key) => !['uri', 'title', 'description'].includes(key));
  if (unknown) return [invalid(`${at}.${unknown}`, 'is not a field of a link card (uri, title, description)')];
  const problems: ContentProblem[] = [];
  if (typeof card.uri !== 'string' || !HTTP_URL.test(card.uri))
    problems.push(invalid(`${at}.uri`, 'must be an http(s) URL'));
  if (typeof card.title !== 'string' || card.title.length > 300)
    problems.push(invalid(`${at}.title`, 'must be a text of at most 300 characters'));
  if (card.description !== undefined && (typeof card.description !== 'string' || card.description.length > 1000))
    problems.push(invalid(`${at}.description`, 'must be a text of at most 1000 characters'));
  return problems;
}

function listProblems(
  value: unknown,
  at: string,
  max: number,
  item: (one: unknown) => boolean,
  words: string,
): ContentProblem[] {
  if (!Array.isArray(value) || value.length > max) return [invalid(at, `must be a list of at most ${max} ${words}`)];
  const bad = value.findIndex((one) => !item(one));
  if (bad >= 0) return [invalid(`${at}[${bad}]`, `must be ${words.replace(/s$/, '')}`)];
  return new Set(value).size === value.length ? [] : [invalid(at, 'must not repeat a value')];
}

/** Every problem of `options.bluesky` (at `at`), published with `parts` (the options go on the first). */
export function blueskyOptionProblems(
  options: NetworkPostOptions,
  at: string,
  parts: readonly PostPart[],
): ContentProblem[] {
  const problems: ContentProblem[] = [];
  for (const key of Object.keys(options))
    if (!BLUESKY_OPTION_NAMES.includes(key))
      problems.push({
        field: `${at}.${key}`,
        rule: 'option_unknown',
        message: `${at}.${key} is not an option of Bluesky`,
      });
  if (options.replySettings !== undefined)
    problems.push(...oneOf(options.replySettings, BLUESKY_REPLY_SETTINGS, `${at}.replySettings`));
  if (options.quotes !== undefined) problems.push(...oneOf(options.quotes, BLUESKY_QUOTE_SETTINGS, `${at}.quotes`));
  if (options.langs !== undefined)
    problems.push(
      ...listProblems(
        options.langs,
        `${at}.langs`,
        BLUESKY_LIMITS.langs,
        (one) => typeof one === 'string' && BLUESKY_LANG.test(one),
        'language tags',
      ),
    );
  if (options.labels !== undefined)
    problems.push(
      ...listProblems(
        options.labels,
        `${at}.labels`,
        BLUESKY_SELF_LABELS.length,
        (one) => typeof one === 'string' && (BLUESKY_SELF_LABELS as readonly string[]).includes(one),
        `labels (${BLUESKY_SELF_LABELS.join(', ')})`,
      ),
    );
  if (
    options.quotePostUri !== undefined &&
    !(typeof options.quotePostUri === 'string' && BLUESKY_POST_URI.test(options.quotePostUri))
  )
    problems.push(
      invalid(`${at}.quotePostUri`, 'must be the AT URI of a Bluesky post (at://<did>/app.bsky.feed.post/<rkey>)'),
    );
  if (options.linkCard !== undefined) {
    problems.push(...linkCardProblems(options.linkCard, `${at}.linkCard`));
    if ((parts[0]?.media.length ?? 0) > 0)
      problems.push({
        field: `${at}.linkCard`,
        rule: 'options_exclusive',
        message: `${at}.linkCard: a Bluesky post holds a link card or media, not both`,
      });
  }
  return problems;
}

export const BLUESKY_POST_OPTIONS: PostOptionsRules = {
  names: BLUESKY_OPTION_NAMES,
  schema: BLUESKY_OPTIONS_SCHEMA,
  check: blueskyOptionProblems,
};

/** The options as they read once accepted (blueskyOptionProblems found nothing). */
export function readBlueskyOptions(options: NetworkPostOptions | undefined): BlueskyPostOptions {
  return (options ?? {}) as BlueskyPostOptions;
}
