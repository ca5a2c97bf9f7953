import type { ContentProblem, PostPart } from './network-adapter';

/**
 * A network's options for one post (`options.<network>` of POST /api/v1/posts, without its
 * `containers`, merged with an account override's `options`), as accepted and stored: plain JSON.
 * Each network's folder says which keys it takes and what they mean (its PostOptionsRules).
 */
export type NetworkPostOptions = Readonly<Record<string, unknown>>;

/**
 * How a network checks its options, registered by its adapter (`postOptions`). Every problem is a
 * 422 naming the exact path (`at` is where the options are in the body, e.g. `options.x` or
 * `accountOverrides[0].options`); `parts` are the containers the options will be published with,
 * for the rules that combine both (X: a poll with media).
 */
export interface PostOptionsRules {
  /** The option names the network takes, in the order its documentation lists them. */
  readonly names: readonly string[];
  /**
   * The JSON Schema of the options (without `containers`), as the capability document
   * (GET /api/v1/networks/:network) and the OpenAPI document publish it. `check` must agree with it:
   * a test walks the document's bounds against the validator.
   */
  readonly schema?: Readonly<Record<string, unknown>>;
  /**
   * Options every delivery must carry (Pinterest's `boardId`, TikTok's `privacyLevel`, YouTube's
   * `title` and `madeForKids`), each account's as resolved: the
   * network's options merged with the account override's. A post missing one for an account is
   * refused (422 `option_required` at `options.<network>.<name>`, or at the override's options
   * when the account has an override), as `check` is never called where no options were given.
   */
  readonly required?: readonly string[];
  /**
   * Why a required option is needed, said after "is required: " in its refusal (TikTok's
   * privacyLevel: its rules forbid a default). Absent for an option: "<network> needs it on every post".
   */
  readonly requiredBecause?: Readonly<Record<string, string>>;
  check(options: NetworkPostOptions, at: string, parts: readonly PostPart[]): ContentProblem[];
}

/**
 * The problems of the option names in `options` that are not among `names` (one 422 each, at its own
 * path), so that an option meant for another network (or misspelt) is never silently dropped.
 * `network` is how the message names the network ("Instagram"); left out, "this network".
 */
export function unknownOptionProblems(
  options: NetworkPostOptions,
  at: string,
  names: readonly string[],
  network?: string,
): ContentProblem[] {
  return Object.keys(options)
    .filter((key) => !names.includes(key))
    .map((key) => ({
      field: `${at}.${key}`,
      rule: 'option_unknown',
      message: `${at}.${key} is not an option of ${network ?? 'this network'}`,
    }));
}

/**
 * The problems of options a network takes on a post without media only (a poll, a link card): one
 * 422 each when the post's first container carries media. A poll's rule is `poll_with_media`, any
 * other's `options_exclusive`, so clients can tell the two apart.
 */
export function textOnlyOptionProblems(
  options: NetworkPostOptions,
  at: string,
  parts: readonly PostPart[],
  names: readonly string[],
  network: string,
): ContentProblem[] {
  if ((parts[0]?.media.length ?? 0) === 0) return [];
  return names
    .filter((name) => options[name] !== undefined)
    .map((name) => ({
      field: `${at}.${name}`,
      rule: name === 'poll' ? 'poll_with_media' : 'options_exclusive',
      message: `${at}.${name}: ${network} takes it on a post without media only`,
    }));
}

/** The options of a network that takes none: every key is refused (unknownOptionProblems). */
export const NO_POST_OPTIONS: PostOptionsRules = {
  names: [],
  schema: { type: 'object', additionalProperties: false, properties: {} },
  check: (options, at) => unknownOptionProblems(options, at, []),
};
