import type { ContentProblem, PostPart } from '../network-adapter';
import { unknownOptionProblems } from '../post-options';
import type { NetworkPostOptions, PostOptionsRules } from '../post-options';

/**
 * X's options for a post (`options.x`), as contracts/x/openapi.json's CreatePostsRequest takes
 * them (xdevplatform/xdk specs/openapi.json @ 489c3f02, info.version 2.167):
 * - `poll` → `poll: { options: 2–4 strings of 1–25 characters, duration_minutes: 5–10080 }` (CreatePostsPoll);
 * - `replySettings` → `reply_settings` (enum following | mentionedUsers | subscribers | verified;
 *   `everyone`, our default, is the field left out: X's enum has no such value);
 * - `quotePostId` → `quote_tweet_id`, `communityId` → `community_id` (both `^[0-9]{1,19}$`).
 */
export interface XPostOptions {
  poll?: { options: string[]; durationMinutes: number };
  replySettings?: XReplySettings;
  quotePostId?: string;
  communityId?: string;
}

export const X_REPLY_SETTINGS = ['everyone', 'following', 'mentionedUsers', 'subscribers', 'verified'] as const;
export type XReplySettings = (typeof X_REPLY_SETTINGS)[number];

export const X_POLL_BOUNDS = { minOptions: 2, maxOptions: 4, maxOptionLength: 25, minMinutes: 5, maxMinutes: 10_080 };

/** The keys of `options.x`, besides `containers` (which every network takes). */
export const X_OPTION_NAMES: readonly string[] = ['poll', 'replySettings', 'quotePostId', 'communityId'];

const X_ID = /^[0-9]{1,19}$/;

/** A post or community id as the schema says it (with an example, for those who build a valid value from it). */
const idSchema = (description: string) => ({
  type: 'string',
  pattern: X_ID.source,
  examples: ['1346889436626259968'],
  description,
});

/**
 * The JSON Schema of `options.x` (the capability document publishes it), built from the bounds
 * xOptionProblems checks. What it cannot say is the one rule between fields: at most one of media,
 * a poll and a quote (X_EXCLUSIVE). Lengths are in code points, as JSON Schema and the check count.
 */
export const X_OPTIONS_SCHEMA: Readonly<Record<string, unknown>> = {
  type: 'object',
  additionalProperties: false,
  properties: {
    poll: {
      type: 'object',
      description: 'A poll on the post (X takes no media and no quote with it)',
      additionalProperties: false,
      required: ['options', 'durationMinutes'],
      properties: {
        options: {
          type: 'array',
          minItems: X_POLL_BOUNDS.minOptions,
          maxItems: X_POLL_BOUNDS.maxOptions,
          items: { type: 'string', minLength: 1, maxLength: X_POLL_BOUNDS.maxOptionLength },
        },
        durationMinutes: { type: 'integer', minimum: X_POLL_BOUNDS.minMinutes, maximum: X_POLL_BOUNDS.maxMinutes },
      },
    },
    replySettings: {
      type: 'string',
      enum: [...X_REPLY_SETTINGS],
      default: 'everyone',
      description: 'Who may reply (everyone when absent)',
    },
    quotePostId: idSchema('The id of the X post this post quotes'),
    communityId: idSchema('The X community to post in'),
  },
};

/**
 * What one post may not combine: contracts/x/overlay.json's `mutuallyExclusive` for
 * CreatePostsRequest (media, poll, quote_tweet_id; card_uri is never sent), named as our options
 * and the post's media. A unit test holds this list to the overlay.
 */
export const X_EXCLUSIVE = ['media', 'poll', 'quotePostId'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Characters as X's JSON Schema counts them (minLength/maxLength: code points). */
const length = (text: string): number => [...text].length;

function pollProblems(poll: unknown, at: string): ContentProblem[] {
  const problem = (field: string, message: string): ContentProblem[] => [
    { field, rule: 'poll_invalid', message: `${field} ${message}` },
  ];
  if (!isRecord(poll)) return problem(at, 'must be an object with options and durationMinutes');
  const unknown = Object.keys(poll).filter((key) => key !== 'options' && key !== 'durationMinutes');
  if (unknown.length) return problem(`${at}.${unknown[0]}`, 'is not a field of a poll (options, durationMinutes)');
  const { minOptions, maxOptions, maxOptionLength, minMinutes, maxMinutes } = X_POLL_BOUNDS;
  const problems: ContentProblem[] = [];
  const choices = poll.options;
  if (
    !Array.isArray(choices) ||
    choices.length < minOptions ||
    choices.length > maxOptions ||
    !choices.every((choice) => typeof choice === 'string')
  )
    problems.push(...problem(`${at}.options`, `must hold ${minOptions} to ${maxOptions} choices (strings)`));
  else {
    const bad = choices.findIndex((choice: string) => length(choice) < 1 || length(choice) > maxOptionLength);
    if (bad >= 0) problems.push(...problem(`${at}.options[${bad}]`, `must be 1 to ${maxOptionLength} characters`));
  }
  const minutes = poll.durationMinutes;
  if (typeof minutes !== 'number' || !Number.isInteger(minutes) || minutes < minMinutes || minutes > maxMinutes)
    problems.push(
      ...problem(`${at}.durationMinutes`, `must be a whole number of minutes from ${minMinutes} to ${maxMinutes}`),
    );
  return problems;
}

function idProblem(value: unknown, field: string): ContentProblem[] {
  if (typeof value === 'string' && X_ID.test(value)) return [];
  return [{ field, rule: 'option_invalid', message: `${field} must be an X post or community id (1 to 19 digits)` }];
}

/** Every problem of `options.x` (at `at`), published with `parts` (the poll, quote and community go on the first). */
export function xOptionProblems(options: NetworkPostOptions, at: string, parts: readonly PostPart[]): ContentProblem[] {
  const problems = unknownOptionProblems(options, at, X_OPTION_NAMES, 'X');
  if (options.poll !== undefined) problems.push(...pollProblems(options.poll, `${at}.poll`));
  if (options.replySettings !== undefined && !X_REPLY_SETTINGS.includes(options.replySettings as XReplySettings))
    problems.push({
      field: `${at}.replySettings`,
      rule: 'reply_settings_invalid',
      message: `${at}.replySettings must be one of ${X_REPLY_SETTINGS.join(', ')}`,
    });
  if (options.quotePostId !== undefined) problems.push(...idProblem(options.quotePostId, `${at}.quotePostId`));
  if (options.communityId !== undefined) problems.push(...idProblem(options.communityId, `${at}.communityId`));
  const hasMedia = (parts[0]?.media.length ?? 0) > 0;
  const given = X_EXCLUSIVE.filter((name) => (name === 'media' ? hasMedia : options[name] !== undefined));
  if (given.length > 1) {
    const [first, second] = given;
    const pollWithMedia = first === 'media' && second === 'poll';
    problems.push({
      field: `${at}.${second}`,
      rule: pollWithMedia ? 'poll_with_media' : 'options_exclusive',
      message: `${at}.${second}: X takes at most one of media, a poll and a quote in one post (${given.join(' and ')} given)`,
    });
  }
  return problems;
}

export const X_POST_OPTIONS: PostOptionsRules = {
  names: X_OPTION_NAMES,
  schema: X_OPTIONS_SCHEMA,
  check: xOptionProblems,
};

/** The options as they read once accepted (xOptionProblems found nothing). */
export function readXOptions(options: NetworkPostOptions | undefined): XPostOptions {
  return (options ?? {}) as XPostOptions;
}

/** The fields of POST /2/tweets the options add to a post's first tweet. */
export function xTweetFields(options: XPostOptions): Record<string, unknown> {
  return {
    ...(options.poll
      ? { poll: { options: options.poll.options, duration_minutes: options.poll.durationMinutes } }
      : {}),
    ...(options.replySettings && options.replySettings !== 'everyone' ? { reply_settings: options.replySettings } : {}),
    ...(options.quotePostId ? { quote_tweet_id: options.quotePostId } : {}),
    ...(options.communityId ? { community_id: options.communityId } : {}),
  };
}
