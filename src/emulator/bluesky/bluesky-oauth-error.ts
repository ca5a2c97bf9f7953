import { EmulatorError } from '../http/emulator-error';

/** An OAuth error of the authorization server (RFC 6749 §5.2): `{"error","error_description"}`. */
export class BlueskyOAuthError extends EmulatorError {
  constructor(
    readonly error: string,
    description: string,
    status = 400,
    headers: Record<string, string> = {},
  ) {
    super(status, description, headers);
  }

  body(): { error: string; error_description: string } {
    return { error: this.error, error_description: this.message };
  }
}
