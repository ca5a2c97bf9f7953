import type { SignInForm } from './password-sign-in.service';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The sign-in page: a plain form, no script, posting back to its own address. It says plainly
 * which network the password is for and to use an app password, not the account's own password.
 */
export function signInPage(form: SignInForm): string {
  const { networkName, signIn } = form;
  const name = escapeHtml(networkName);
  const problem = form.problem ? `<p class="problem" role="alert">${escapeHtml(form.problem)}</p>` : '';
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Connect your ${name} account</title>` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><style>` +
    `body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;line-height:1.5}` +
    `label{display:block;margin-top:1rem;font-weight:600}input{width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}` +
    `.problem{color:#a40000}.actions{margin-top:1.5rem;display:flex;gap:1rem}button{padding:.5rem 1rem;font-size:1rem}` +
    `</style></head><body><main><h1>Connect your ${name} account</h1>` +
    `<p>Sign in with an <strong>${escapeHtml(signIn.passwordLabel.toLowerCase())}</strong>, not your account's own password. ` +
    `You can make one, and revoke it at any time, in your ${name} settings: ` +
    `<a href="${escapeHtml(signIn.passwordHelpUrl)}" rel="noreferrer">${escapeHtml(signIn.passwordHelpUrl)}</a>.</p>` +
    problem +
    `<form method="post" action="">` +
    `<input type="hidden" name="state" value="${escapeHtml(form.state)}">` +
    `<label for="identifier">${escapeHtml(signIn.identifierLabel)}</label>` +
    `<input id="identifier" name="identifier" autocomplete="username" required maxlength="300" ` +
    `placeholder="${escapeHtml(signIn.identifierExample)}" value="${escapeHtml(form.identifier)}">` +
    `<label for="password">${escapeHtml(signIn.passwordLabel)}</label>` +
    `<input id="password" name="password" type="password" autocomplete="current-password" required maxlength="300">` +
    `<div class="actions"><button type="submit">Connect</button>` +
    `<button type="submit" name="cancel" value="1" formnovalidate>Cancel</button></div>` +
    `</form></main></body></html>`
  );
}
