import { ROUTES } from '../routes';
import { CSRF_FIELD } from '../session/csrf';
import { html, SafeHtml } from './html';
import { bareLayout, formError } from './layout';

export function signInPage(csrfToken: string, email = '', error?: string): SafeHtml {
  return bareLayout(
    'Sign in',
    html`${formError(error)}
<form method="post" action="${ROUTES.signIn}" class="stack">
  <input type="hidden" name="${CSRF_FIELD}" value="${csrfToken}">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="username" required value="${email}">
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required>
  <button type="submit">Sign in</button>
</form>`,
  );
}
