import { NetworkUnreachableError } from './http/network-http.client';
import { NetworkError } from './network-error';

/**
 * Runs of 32 or more token characters: access tokens (Facebook `EAA…`, Instagram `IG…`, X's
 * base64url tokens), secrets and codes. Error texts written by a network can quote what they were
 * sent; none of it may reach our logs, database or API answers.
 */
const TOKEN_LIKE = /[A-Za-z0-9_\-.~+/%|=]{32,}/g;
/**
 * A run of lowercase words joined by underscores: the name of a permission, field or metric
 * (`instagram_business_manage_comments`), which is what the reader of a refusal needs to act on. No
 * token, secret or code has this shape: theirs mix case or digits, or are one long word.
 */
const SNAKE_CASE_NAME = /^[a-z]{1,20}(?:_[a-z]{1,20})+\.?$/;
const MAX_MESSAGE_LENGTH = 300;

/** A network-supplied text made safe to log and show: token-like runs removed, length bounded. */
export function safeNetworkMessage(text: string): string {
  const redacted = text
    .replace(TOKEN_LIKE, (run) => (SNAKE_CASE_NAME.test(run) ? run : '[redacted]'))
    .replace(/\s+/g, ' ')
    .trim();
  return redacted.length > MAX_MESSAGE_LENGTH ? `${redacted.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : redacted;
}

/** No answer at all (refused, reset, timed out) is always worth a retry. Its message names only the host. */
export function unreachableNetworkError(network: string, error: NetworkUnreachableError): NetworkError {
  return new NetworkError(network, 'transient', error.message);
}
