import { EmulatorError } from '../http/emulator-error';

/** The error shape of api.instagram.com's code exchange (not the Graph envelope). */
export class InstagramTokenError extends EmulatorError {
  constructor(message: string) {
    super(400, message);
  }

  body(): { error_type: 'OAuthException'; code: 400; error_message: string } {
    return { error_type: 'OAuthException', code: 400, error_message: this.message };
  }
}
