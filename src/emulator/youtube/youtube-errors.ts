import { EmulatorError } from '../http/emulator-error';

/**
 * The error of Google's APIs as YouTube answers it (developers.google.com/youtube/v3/docs/errors):
 * `{"error":{"code","message","errors":[{"message","domain","reason"}]}}`.
 */
export class YouTubeError extends EmulatorError {
  constructor(
    status: number,
    readonly reason: string,
    message: string,
    readonly domain = 'youtube.api',
    headers: Record<string, string> = {},
  ) {
    super(status, message, headers);
  }

  body(): Record<string, unknown> {
    return {
      error: {
        code: this.status,
        message: this.message,
        errors: [{ message: this.message, domain: this.domain, reason: this.reason }],
      },
    };
  }
}

/** Google's OAuth error at oauth2.googleapis.com: `{"error","error_description"}`. */
export class GoogleOAuthError extends EmulatorError {
  constructor(
    readonly error: string,
    description: string,
    status = 400,
  ) {
    super(status, description);
  }

  body(): Record<string, unknown> {
    return { error: this.error, error_description: this.message };
  }
}

/** The answers YouTube gives, each with the reason its pages name. */
export const youTubeErrors = {
  unauthorized: () =>
    new YouTubeError(
      401,
      'authError',
      'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
      'global',
      { 'WWW-Authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
    ),
  insufficientScopes: () =>
    new YouTubeError(403, 'insufficientPermissions', 'Request had insufficient authentication scopes.', 'global'),
  quotaExceeded: () =>
    new YouTubeError(
      403,
      'quotaExceeded',
      'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
      'youtube.quota',
    ),
  forbidden: (message: string) => new YouTubeError(403, 'forbidden', message, 'youtube.common'),
  notFound: (reason: string, message: string) => new YouTubeError(404, reason, message),
  badRequest: (reason: string, message: string) => new YouTubeError(400, reason, message),
  serverError: () => new YouTubeError(500, 'backendError', 'Backend Error', 'global'),
};
