import { linkedInApiRules } from '../../contracts';
import { EmulatorError } from '../http/emulator-error';

const rules = linkedInApiRules();

/** LinkedIn's error on api.linkedin.com: `{status, code, message}` (contracts/linkedin/api-rules.json `errors`). */
export class LinkedInError extends EmulatorError {
  constructor(
    status: number,
    readonly code: string,
    message: string,
    headers: Record<string, string> = {},
  ) {
    super(status, message, headers);
  }

  body(): Record<string, unknown> {
    return { status: this.status, code: this.code, message: this.message };
  }
}

/** OAuth's error on www.linkedin.com/oauth/v2: `{error, error_description}`. */
export class LinkedInOAuthError extends EmulatorError {
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

/** The answers LinkedIn gives, each as its pages (or integrators) report it. */
export const linkedInErrors = {
  versionMissing: () =>
    new LinkedInError(rules.versions.missing.status, rules.versions.missing.code, rules.versions.missing.message!),
  versionInactive: (version: string) =>
    new LinkedInError(
      rules.versions.inactive.status,
      rules.versions.inactive.code,
      rules.versions.inactive.message!.replace('{version}', version),
    ),
  restliMissing: () =>
    new LinkedInError(
      400,
      'ILLEGAL_ARGUMENT',
      `${rules.headers.restli.name}: ${rules.headers.restli.value} is required for this resource`,
    ),
  invalid: (message: string) => new LinkedInError(422, 'UNPROCESSABLE_ENTITY', message),
  badRequest: (message: string) => new LinkedInError(400, 'ILLEGAL_ARGUMENT', message),
  unauthorized: () => new LinkedInError(401, rules.errors.unauthorized.code, 'Invalid access token'),
  expired: () =>
    new LinkedInError(401, rules.errors.unauthorized.expiredCode, 'The token used in the request has expired'),
  forbidden: (message: string) => new LinkedInError(403, rules.errors.forbidden.code, message),
  notFound: (message = 'Not Found') => new LinkedInError(404, 'NOT_FOUND', message),
  duplicate: (urn: string) =>
    new LinkedInError(
      rules.errors.duplicate.status,
      rules.errors.duplicate.code,
      rules.errors.duplicate.message!.replace('{urn}', urn),
    ),
  throttled: () =>
    new LinkedInError(
      429,
      rules.errors.throttled.code,
      'Resource level throttle limit for calls to this resource is reached.',
    ),
  serverError: () => new LinkedInError(500, 'INTERNAL_SERVER_ERROR', 'Internal Server Error'),
};
