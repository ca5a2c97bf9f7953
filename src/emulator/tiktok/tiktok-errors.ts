import { randomBytes } from 'node:crypto';
import { tiktokApiRules } from '../../contracts';
import { EmulatorError } from '../http/emulator-error';

const codes = tiktokApiRules().errors.codes;

/** TikTok's `log_id`: a request's trace id, present on every answer. */
export function tiktokLogId(): string {
  return `2026${randomBytes(13).toString('hex').toUpperCase()}`;
}

/** The envelope every open.tiktokapis.com answer carries: `error.code` is `ok` on success. */
export function tiktokOk<T extends Record<string, unknown>>(data: T): { data: T; error: Record<string, string> } {
  return { data, error: { code: 'ok', message: '', log_id: tiktokLogId() } };
}

/** An error of open.tiktokapis.com: `{error: {code, message, log_id}}` (contracts/tiktok/api-rules.json `errors`). */
export class TikTokError extends EmulatorError {
  constructor(
    readonly code: string,
    message: string,
    status = codes[code] ?? 400,
    headers: Record<string, string> = {},
  ) {
    super(status, message, headers);
  }

  body(): Record<string, unknown> {
    return { error: { code: this.code, message: this.message, log_id: tiktokLogId() } };
  }
}

/** The OAuth endpoints' error: `{error, error_description, log_id}`. */
export class TikTokOAuthError extends EmulatorError {
  constructor(
    readonly error: string,
    description: string,
    status = 400,
  ) {
    super(status, description);
  }

  body(): Record<string, unknown> {
    return { error: this.error, error_description: this.message, log_id: tiktokLogId() };
  }
}

/** The answers TikTok gives, each with the status its pages state for the code. */
export const tiktokErrors = {
  invalidParam: (message: string) => new TikTokError('invalid_param', message),
  tokenInvalid: (message = 'The access token is invalid or not found in the request.') =>
    new TikTokError('access_token_invalid', message),
  scopeNotAuthorized: (scope: string) =>
    new TikTokError('scope_not_authorized', `The user did not authorize the scope required for this request: ${scope}`),
  rateLimited: () =>
    new TikTokError('rate_limit_exceeded', 'API rate limit was exceeded: only a limited number of requests per minute'),
  privacyMismatch: (level: string) =>
    new TikTokError(
      'privacy_level_option_mismatch',
      `privacy_level ${level} is not one of the creator's privacy_level_options`,
    ),
  unaudited: () =>
    new TikTokError(
      'unaudited_client_can_only_post_to_private_accounts',
      'Unaudited clients can only post to a private account: privacy_level must be SELF_ONLY',
    ),
  urlUnverified: (url: string) =>
    new TikTokError('url_ownership_unverified', `The domain or URL prefix of ${url} is not verified for this app`),
  tooManyPosts: () => new TikTokError('spam_risk_too_many_posts', 'The daily post cap of the creator is reached'),
  notFound: (message: string) => new TikTokError('invalid_param', message, 404),
  serverError: () => new TikTokError('internal_error', 'Something went wrong. Please try again later.', 500),
};
