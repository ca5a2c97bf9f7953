/**
 * The service's own sign-in page of a network (`/oauth/<network>/sign-in`), where a user types an
 * app password: besides the dashboard, the only address that takes an HTML form.
 */
export function isSignInPagePath(path: string): boolean {
  return /^\/oauth\/[a-z0-9_-]+\/sign-in$/i.test(path);
}
