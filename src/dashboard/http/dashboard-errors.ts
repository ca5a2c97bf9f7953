/** A page that needs a signed-in user was asked for without a live session: go to sign-in. */
export class SignInRequired extends Error {
  constructor() {
    super('Sign in to use the dashboard');
  }
}

/** A form arrived without this session's CSRF token (or with another one): refused with 403. */
export class CsrfRefused extends Error {
  constructor() {
    super('This form did not come from your dashboard session. Reload the page and try again.');
  }
}
