import { EmulatorError } from '../http/emulator-error';

/** A refused control request: `{"error":{"message","problems"}}`. */
export class ControlError extends EmulatorError {
  constructor(
    message: string,
    readonly problems: string[] = [],
    status = 400,
    headers: Record<string, string> = {},
  ) {
    super(status, message, headers);
  }

  body(): { error: { message: string; problems?: string[] } } {
    return { error: { message: this.message, ...(this.problems.length ? { problems: this.problems } : {}) } };
  }
}

export function objectBody(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ControlError('The body must be a JSON object.');
  return body as Record<string, unknown>;
}
