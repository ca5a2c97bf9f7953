import { CONTENT_RULES, ContentRule } from '../networks';

/**
 * The names of the rules a post is checked against besides each network's content rules: its
 * schedule, its media URLs, and the state of its accounts. Stable, for programs to switch on.
 */
export const POST_RULES = [
  'scheduled_at_past',
  'scheduled_at_too_far',
  /** Not an absolute http(s) URL, or one carrying credentials. */
  'media_url_invalid',
  /** Points at a private or loopback address (allowed only with ALLOW_PRIVATE_URLS=true). */
  'media_url_private',
  'media_url_unresolvable',
  /**
   * A warning of POST /posts/validate only, never a problem: the URL did not give its file when
   * fetched (an HTTP error, no answer in time), as a network fetching it would find.
   */
  'media_url_unreachable',
  /** The URL's extension names no media type the service publishes. */
  'media_type_unknown',
  /** No uploaded medium of this customer has this id (or it was purged). */
  'media_unknown',
  /** The uploaded medium's bytes have not arrived (or their upload failed). */
  'media_not_ready',
  /** Not a connected account of this customer and tenant. */
  'account_unknown',
  'account_expired',
  'account_disconnected',
  /** The account was not granted (or lost) a permission the post needs on its network; reconnecting asks for it again. */
  'account_permission_missing',
  /** `options.<network>` names a network none of the post's accounts is on. */
  'option_network_absent',
  /** `accountOverrides[i].account` is not one of the post's `accounts`. */
  'override_account_unknown',
  /** Two entries of `accountOverrides` name the same account. */
  'override_account_repeated',
  /** Validating a patch (POST /posts/{id}/validate): a delivery of the post has started, so PATCH would be a 409. */
  'delivery_started',
  /** Validating a patch of a published post: it would change something other than its text (PATCH would be a 409). */
  'published_field_not_editable',
  /** Validating a patch of a published post: an edit of a delivery is still being sent (PATCH would be a 409). */
  'edit_in_progress',
] as const;

export type PostRule = (typeof POST_RULES)[number];

export type ProblemRule = PostRule | ContentRule;

/** Every rule a problem may name, for the API's documentation. */
export const PROBLEM_RULES: readonly ProblemRule[] = [...POST_RULES, ...CONTENT_RULES];

/** One reason a post would be refused: where in the body, which rule, and in words. */
export interface PostProblem {
  field: string;
  rule: ProblemRule;
  message: string;
}
