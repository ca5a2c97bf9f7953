/** Every dashboard address. The overview is the server's root; the other pages live under /dashboard. */
export const DASHBOARD_PREFIX = '/dashboard';

export const ROUTES = {
  overview: '/',
  signIn: '/dashboard/sign-in',
  signOut: '/dashboard/sign-out',
  viewing: '/dashboard/viewing',
  apiKeys: '/dashboard/api-keys',
  oauth: '/dashboard/oauth',
  webhook: '/dashboard/webhook',
  accounts: '/dashboard/accounts',
  posts: '/dashboard/posts',
  stylesheet: '/dashboard/assets/dashboard.css',
  script: '/dashboard/assets/dashboard.js',
} as const;

/** True for the addresses the dashboard answers (so its headers and form parsing apply there only). */
export function isDashboardPath(url: string): boolean {
  const path = url.split('?', 1)[0]!;
  return path === '/' || path === DASHBOARD_PREFIX || path.startsWith(`${DASHBOARD_PREFIX}/`);
}
