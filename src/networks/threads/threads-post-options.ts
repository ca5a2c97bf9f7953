import { threadsPublishingRules } from '../../contracts';
import type { ContentProblem, PostPart } from '../network-adapter';
import { textOnlyOptionProblems, unknownOptionProblems } from '../post-options';
import type { NetworkPostOptions, PostOptionsRules } from '../post-options';

const rules = threadsPublishingRules().params;
const pollRule = rules.poll_attachment!.poll!;

/**
 * Threads' options for a post (`options.threads`), each a parameter of the post's first container
 * (contracts/threads/publishing-rules.json, from the publishing reference and its pages):
 * - `replyControl` → `reply_control`, Threads' own five values (`everyone`, the default, is left out);
 * - `topicTag` → `topic_tag`: one topic, without `.` or `&`;
 * - `quotePostId` → `quote_post_id`: the Threads post quoted;
 * - `linkAttachment` → `link_attachment`: a link preview, on a post without media and without a poll;
 * - `poll` → `poll_attachment` `{option_a…option_d}`: 2 to 4 choices of 1 to 25 characters, on a
 *   post without media and without a link attachment.
 */
export interface ThreadsPostOptions {
  replyControl?: ThreadsReplyControl;
  topicTag?: string;
  quotePostId?: string;
  linkAttachment?: string;
  poll?: { options: string[] };
}

export const THREADS_REPLY_CONTROLS = rules.reply_control!.values! as readonly string[];
export type ThreadsReplyControl = string;

export const THREADS_TOPIC_TAG = { minLength: rules.topic_tag!.minLength!, maxLength: rules.topic_tag!.maxLength! };
// Inside a class, only a backslash, `]`, `^` and `-` need escaping; `.` and `&` stand for themselves.
const TOPIC_TAG = new RegExp(
  `^[^${(rules.topic_tag!.forbidden ?? []).map((c) => c.replace(/[\\\]^-]/g, '\\$&')).join('')}]+$`,
);
export const THREADS_POLL_BOUNDS = {
  minOptions: pollRule.required.length,
  maxOptions: pollRule.keys.length,
  maxOptionLength: pollRule.maxLength,
};
const THREADS_ID = /^[0-9]{1,40}$/;
const LINK = /^https?:\/\/\S+$/i;
const LINK_MAX_LENGTH = 2048;

export const THREADS_OPTION_NAMES: readonly string[] = [
  'replyControl',
  'topicTag',
  'quotePostId',
  'linkAttachment',
  'poll',
];

/** The JSON Schema of `options.threads`, from the bounds threadsOptionProblems checks. */
export const THREADS_OPTIONS_SCHEMA: Readonly<Record<string, unknown>> = {
  type: 'object',
  additionalProperties: false,
  properties: {
    replyControl: {
      type: 'string',
      enum: [...THREADS_REPLY_CONTROLS],
      default: 'everyone',
      description: 'Who may reply (reply_control; everyone when absent)',
    },
    topicTag: {
      type: 'string',
      minLength: THREADS_TOPIC_TAG.minLength,
      maxLength: THREADS_TOPIC_TAG.maxLength,
      pattern: TOPIC_TAG.source,
      examples: ['Baking'],
      description: 'The topic of the post (topic_tag): one, without "." or "&"',
    },
    quotePostId: {
      type: 'string',
      pattern: THREADS_ID.source,
      examples: ['17889615691921648'],
      description: 'The id of the Threads post this post quotes (quote_post_id)',
    },
    linkAttachment: {
      type: 'string',
      maxLength: LINK_MAX_LENGTH,
      pattern: LINK.source,
      examples: ['https://example.com/menu'],
      description: 'A link shown as a preview (link_attachment); a post without media and without a poll',
    },
    poll: {
      type: 'object',
      description: 'A poll (poll_attachment); a post without media and without a link attachment',
      additionalProperties: false,
      required: ['options'],
      properties: {
        options: {
          type: 'array',
          minItems: THREADS_POLL_BOUNDS.minOptions,
          maxItems: THREADS_POLL_BOUNDS.maxOptions,
          items: { type: 'string', minLength: 1, maxLength: THREADS_POLL_BOUNDS.maxOptionLength },
        },
      },
    },
  },
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const length = (text: string): number => [...text].length;

function pollProblems(poll: unknown, at: string): ContentProblem[] {
  const problem = (field: string, message: string): ContentProblem[] => [
    { field, rule: 'poll_invalid', message: `${field} ${message}` },
  ];
  if (!isRecord(poll)) return problem(at, 'must be an object with options');
  const unknown = Object.keys(poll).filter((key) => key !== 'options');
  if (unknown.length) return problem(`${at}.${unknown[0]}`, 'is not a field of a poll (options)');
  const { minOptions, maxOptions, maxOptionLength } = THREADS_POLL_BOUNDS;
  const choices = poll.options;
  if (
    !Array.isArray(choices) ||
    choices.length < minOptions ||
    choices.length > maxOptions ||
    !choices.every((choice) => typeof choice === 'string')
  )
    return problem(`${at}.options`, `must hold ${minOptions} to ${maxOptions} choices (strings)`);
  const bad = choices.findIndex((choice: string) => length(choice) < 1 || length(choice) > maxOptionLength);
  return bad >= 0 ? problem(`${at}.options[${bad}]`, `must be 1 to ${maxOptionLength} characters`) : [];
}

function stringProblem(value: unknown, field: string, ok: (text: string) => boolean, words: string): ContentProblem[] {
  return typeof value === 'string' && ok(value)
    ? []
    : [{ field, rule: 'option_invalid', message: `${field} must be ${words}` }];
}

/** Every problem of `options.threads` (at `at`), published with `parts` (the options go on the first). */
export function threadsOptionProblems(
  options: NetworkPostOptions,
  at: string,
  parts: readonly PostPart[],
): ContentProblem[] {
  const problems = unknownOptionProblems(options, at, THREADS_OPTION_NAMES, 'Threads');
  if (options.replyControl !== undefined && !THREADS_REPLY_CONTROLS.includes(options.replyControl as string))
    problems.push({
      field: `${at}.replyControl`,
      rule: 'reply_settings_invalid',
      message: `${at}.replyControl must be one of ${THREADS_REPLY_CONTROLS.join(', ')}`,
    });
  if (options.topicTag !== undefined)
    problems.push(
      ...stringProblem(
        options.topicTag,
        `${at}.topicTag`,
        (tag) =>
          length(tag) >= THREADS_TOPIC_TAG.minLength &&
          length(tag) <= THREADS_TOPIC_TAG.maxLength &&
          TOPIC_TAG.test(tag),
        `${THREADS_TOPIC_TAG.minLength} to ${THREADS_TOPIC_TAG.maxLength} characters, without "." or "&"`,
      ),
    );
  if (options.quotePostId !== undefined)
    problems.push(
      ...stringProblem(
        options.quotePostId,
        `${at}.quotePostId`,
        (id) => THREADS_ID.test(id),
        'a Threads post id (digits)',
      ),
    );
  if (options.linkAttachment !== undefined)
    problems.push(
      ...stringProblem(
        options.linkAttachment,
        `${at}.linkAttachment`,
        (url) => url.length <= LINK_MAX_LENGTH && LINK.test(url),
        `an http(s) URL of at most ${LINK_MAX_LENGTH} characters`,
      ),
    );
  if (options.poll !== undefined) problems.push(...pollProblems(options.poll, `${at}.poll`));
  // A poll and a link attachment go on text posts only, and not together (publishing reference).
  if (options.poll !== undefined && options.linkAttachment !== undefined)
    problems.push({
      field: `${at}.linkAttachment`,
      rule: 'options_exclusive',
      message: `${at}.linkAttachment: Threads takes a link attachment or a poll, not both`,
    });
  problems.push(...textOnlyOptionProblems(options, at, parts, ['poll', 'linkAttachment'], 'Threads'));
  return problems;
}

export const THREADS_POST_OPTIONS: PostOptionsRules = {
  names: THREADS_OPTION_NAMES,
  schema: THREADS_OPTIONS_SCHEMA,
  check: threadsOptionProblems,
};

/** The options as they read once accepted (threadsOptionProblems found nothing). */
export function readThreadsOptions(options: NetworkPostOptions | undefined): ThreadsPostOptions {
  return (options ?? {}) as ThreadsPostOptions;
}

/** The parameters of `POST /{threads-user-id}/threads` the options add to a post's first container. */
export function threadsContainerParams(options: ThreadsPostOptions): Record<string, string> {
  const pollKeys = pollRule.keys;
  return {
    ...(options.replyControl && options.replyControl !== 'everyone' ? { reply_control: options.replyControl } : {}),
    ...(options.topicTag ? { topic_tag: options.topicTag } : {}),
    ...(options.quotePostId ? { quote_post_id: options.quotePostId } : {}),
    ...(options.linkAttachment ? { link_attachment: options.linkAttachment } : {}),
    ...(options.poll
      ? {
          poll_attachment: JSON.stringify(
            Object.fromEntries(options.poll.options.map((text, i) => [pollKeys[i], text])),
          ),
        }
      : {}),
  };
}
