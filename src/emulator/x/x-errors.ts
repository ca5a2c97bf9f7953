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
  notFound: (detail: string) =>
    new XProblem(404, 'Not Found Error', detail, 'https://api.twitter.com/2/problems/resource-not-found'),
  invalid: (parameter: string, message: string) =>
    new XProblem(
      400,
      'Invalid Request',
      'One or more parameters to your request was invalid.',
      'https://api.twitter.com/2/problems/invalid-request',
      [{ parameters: { [parameter]: [message] }, message }],
    ),
};
