/**
 * The dashboard's own errors, kept apart from both the HTTP layer and the views (each uses them,
 * neither owns them), so that the session, http and views folders never depend on each other in a circle.
 */

/** A client mistake in a form, shown beside that form. */
export interface FormError {
  status: number;
  message: string;
  details: string[];
}

/** A page that needs a signed-in user was asked for without a live session: go to sign-in. */
export class SignInRequired extends Error {
  constructor() {
    super('Sign in to use the dashboard');
  }
}

/** A form arrived without this session's CSRF token (or with another one), or from another site: refused with 403. */
export class CsrfRefused extends Error {
  constructor(message = 'This form did not come from your dashboard session. Reload the page and try again.') {
    super(message);
  }
}
