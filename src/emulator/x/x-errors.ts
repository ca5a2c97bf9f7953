import { EmulatorError } from '../http/emulator-error';

export interface XFieldError {
  parameters: Record<string, string[]>;
  message: string;
}

/** An X API v2 problem object: `{"title","detail","type","status"}`, with `errors[]` for invalid requests. */
export class XProblem extends EmulatorError {
  constructor(
    status: number,
    readonly title: string,
    readonly detail: string,
    readonly type = 'about:blank',
    readonly errors?: XFieldError[],
    headers: Record<string, string> = {},
  ) {
    super(status, detail, headers);
  }

  body(): Record<string, unknown> {
    return {
      ...(this.errors ? { errors: this.errors } : {}),
      title: this.title,
      detail: this.detail,
      type: this.type,
      status: this.status,
    };
  }

  /** X sends its problems as RFC 7807 problem details (the spec's `default` answers list application/problem+json). */
  override contentType(): string {
    return 'application/problem+json';
  }
}

/** The problem types X's spec enumerates (`Problem` in specs/openapi.json), on api.x.com. */
export const X_PROBLEM_TYPES = {
  invalidRequest: 'https://api.x.com/2/problems/invalid-request',
  resourceNotFound: 'https://api.x.com/2/problems/resource-not-found',
  /** Not in the spec: the usage-cap 429 seen in the wild (github.com/xdevplatform/xdk/issues/25). */
  usageCapped: 'https://api.x.com/2/problems/usage-capped',
} as const;

export type XCapPeriod = 'Monthly' | 'Daily';

/**
 * The 429 of a used-up usage cap, as reported from X (github.com/xdevplatform/xdk/issues/25): a
 * problem titled UsageCapExceeded naming its period, while the rate-limit window still has room.
 */
export class XUsageCapProblem extends XProblem {
  constructor(
    readonly period: XCapPeriod,
    headers: Record<string, string>,
  ) {
    super(
      429,
      'UsageCapExceeded',
      `Usage cap exceeded: ${period} product cap`,
      X_PROBLEM_TYPES.usageCapped,
      undefined,
      headers,
    );
  }

  override body(): Record<string, unknown> {
    return { title: this.title, period: this.period, scope: 'Product', detail: this.detail, type: this.type };
  }
}

/** The OAuth 2.0 error of X's token and revoke endpoints: `{"error","error_description"}`. */
export class XOAuthError extends EmulatorError {
  constructor(
    readonly error: string,
    description: string,
    status = 400,
  ) {
    super(status, description);
  }

  body(): { error: string; error_description: string } {
    return { error: this.error, error_description: this.message };
  }
}

export const xProblems = {
  unauthorized: () => new XProblem(401, 'Unauthorized', 'Unauthorized'),
  forbidden: (detail: string) => new XProblem(403, 'Forbidden', detail),
  duplicate: () => new XProblem(403, 'Forbidden', 'You are not allowed to create a Tweet with duplicate content.'),
  tooManyRequests: (headers: Record<string, string>) =>
    new XProblem(429, 'Too Many Requests', 'Too Many Requests', 'about:blank', undefined, headers),
  unavailable: () => new XProblem(503, 'Service Unavailable', 'Service Unavailable'),
  notFound: (detail: string) => new XProblem(404, 'Not Found Error', detail, X_PROBLEM_TYPES.resourceNotFound),
  /** `value`: what was sent, which X quotes back under `parameters` (the message when there is none). */
  invalid: (parameter: string, message: string, value?: string) =>
    new XProblem(
      400,
      'Invalid Request',
      'One or more parameters to your request was invalid.',
      X_PROBLEM_TYPES.invalidRequest,
      [{ parameters: { [parameter]: [value ?? message] }, message }],
    ),
};
