import { pinterestError } from '../../contracts';
import { EmulatorError } from '../http/emulator-error';

/** Pinterest's error: `{code, message}` (Pinterest.Lib.Error / Error in its OpenAPI description). */
export class PinterestError extends EmulatorError {
  constructor(
    status: number,
    readonly code: number,
    message: string,
    headers: Record<string, string> = {},
  ) {
    super(status, message, headers);
  }

  body(): Record<string, unknown> {
    return { code: this.code, message: this.message };
  }
}

const known = (code: number, headers: Record<string, string> = {}) => {
  const rule = pinterestError(code);
  return new PinterestError(rule.status, rule.code, rule.message, headers);
};

/**
 * The answers the emulator gives, from Pinterest's own examples where its document has one (401
 * code 2, 401 code 3, 403 code 29, 429 code 8; the analytics operation's 400/403/404 with the status
 * as the code); the others (a bad parameter as code 1 "Invalid parameters.", a video not ready) are
 * the emulator's wording in the same shape.
 */
export const pinterestErrors = {
  unauthorized: () => known(2),
  insufficientScope: () => known(3),
  notPermitted: () => known(29),
  rateLimited: (resetSeconds?: number) =>
    known(8, resetSeconds === undefined ? {} : { 'Retry-After': String(Math.max(1, resetSeconds)) }),
  invalid: (message: string) => new PinterestError(400, 1, message),
  notFound: (message: string) => new PinterestError(404, 404, message),
  forbidden: (message = 'Not authorized to access board or Pin.') => new PinterestError(403, 403, message),
  serverError: () => new PinterestError(500, 500, 'Internal server error.'),
};
