import { EmulatorError } from '../http/emulator-error';

/**
 * An XRPC error (https://atproto.com/specs/xrpc#error-responses): `{"error","message"}`, where
 * `error` is a short name (InvalidRequest, ExpiredToken, …) and the status says the class.
 */
export class XrpcError extends EmulatorError {
  constructor(
    status: number,
    readonly error: string,
    message: string,
    headers: Record<string, string> = {},
  ) {
    super(status, message, headers);
  }

  body(): { error: string; message: string } {
    return { error: this.error, message: this.message };
  }
}

/** The errors a PDS answers (their names and words as @atproto/pds 0.5.35 and @atproto/xrpc-server say them). */
export const xrpcErrors = {
  invalidRequest: (message: string) => new XrpcError(400, 'InvalidRequest', message),
  /** A missing bearer. */
  authMissing: () => new XrpcError(401, 'AuthMissing', 'Authentication Required'),
  /** createSession with a wrong identifier or password. */
  wrongPassword: () => new XrpcError(401, 'AuthenticationRequired', 'Invalid identifier or password'),
  expiredToken: () => new XrpcError(400, 'ExpiredToken', 'Token has expired'),
  /** refreshSession with a refresh token revoked, or rotated past its grace period. */
  revokedToken: () => new XrpcError(400, 'ExpiredToken', 'Token has been revoked'),
  invalidToken: (message = 'Token could not be verified') => new XrpcError(400, 'InvalidToken', message),
  /** An access token where a refresh token is needed, or the other way round. */
  badScope: () => new XrpcError(400, 'InvalidToken', 'Bad token scope'),
  notFound: (message: string) => new XrpcError(400, 'RecordNotFound', message),
  methodNotImplemented: () => new XrpcError(501, 'MethodNotImplemented', 'Method Not Implemented'),
  /** The PDS's rate limiter: 429 with the window in `ratelimit-*` headers. */
  rateLimited: (headers: Record<string, string>) =>
    new XrpcError(429, 'RateLimitExceeded', 'Rate Limit Exceeded', headers),
  internal: () => new XrpcError(500, 'InternalServerError', 'Internal Server Error'),
};
