/**
 * What a call to a network was made for: the `operation` label of the network metrics and the
 * `operation` attribute of a network call's span. A small fixed list, so that a label's values are
 * bounded and a dashboard or an alert can name them; a call made outside any known operation is
 * `other` (never free text).
 */
export const NETWORK_OPERATIONS = [
  /** Posting a delivery, with what it takes (containers, status polls). */
  'publish',
  /** Sending a medium's bytes to the network, inside a publish. */
  'upload',
  /** Deleting a published delivery. */
  'unpublish',
  /** Editing a published delivery's text. */
  'edit',
  /** Renewing an account's access token with its refresh token (or extending a long-lived one). */
  'refresh',
  /** Turning an authorization code, or a password sign-in, into the user's tokens. */
  'exchange',
  /** Reading who the user is and what they may act as: the accounts to select, their traits, the permissions granted. */
  'accounts',
  /** Giving the tokens back to the network when an account is disconnected. */
  'revoke',
  /** Reading a post's or an account's metrics. */
  'metrics',
  /** Reading the comments under a published post. */
  'comments',
  /** Posting an answer to a comment. */
  'reply',
  /** A call made outside any of the above. */
  'other',
] as const;

export type NetworkOperation = (typeof NETWORK_OPERATIONS)[number];

export function isNetworkOperation(value: string): value is NetworkOperation {
  return (NETWORK_OPERATIONS as readonly string[]).includes(value);
}
