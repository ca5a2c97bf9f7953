import { EmulatedNetworkDescriptor } from '../registry/emulated-network';
import { xThirdPartyComment } from './x-third-party-comment';
import { xApiPlugin } from './x-api.plugin';
import { registerXPages, xPageNotFound } from './x-pages';
import { xConsent } from './x-consent';
import { registerXControl } from './x-control';
import { X_PROBLEM_TYPES, XOAuthError, XProblem, xProblems } from './x-errors';
import { X_SETTINGS } from './x-settings';
import { xTestUserParts } from './x-test-user';
import { X_TOKENS } from './x-tokens';

/** X: the OAuth 2.0 authorize page (x.com) and api.x.com, below /x. Everything answers in X's problem shape but OAuth's token endpoints. */
export const xEmulator = {
  id: 'x',
  title: 'X',
  aliases: ['twitter'],
  pathPrefix: '/x',
  consent: { path: '/i/oauth2/authorize', ...xConsent },
  routes: async (scope, context) => {
    await scope.register(async (api) => xApiPlugin(api, context), { prefix: '/api' });
    registerXPages(scope, context);
  },
  errorShape: (path, status, message) => {
    // Throttled (docs/emulator.md): X's 429, its window's reset a second away.
    if (status === 429 && path.startsWith('/api/'))
      return xProblems.tooManyRequests({
        'x-rate-limit-remaining': '0',
        'x-rate-limit-reset': String(Math.ceil(Date.now() / 1000) + 1),
      });
    // x.com's pages (a post's permalink): its own not-found page, for an unknown world as for an unknown post.
    if (status === 404 && !path.startsWith('/api/') && !path.startsWith('/i/')) return xPageNotFound();
    if (path.startsWith('/api/2/oauth2/'))
      return new XOAuthError(status >= 500 ? 'server_error' : 'invalid_request', message, status >= 500 ? 500 : 400);
    if (status === 404) return new XProblem(404, 'Not Found Error', message, X_PROBLEM_TYPES.resourceNotFound);
    if (status >= 500) return new XProblem(503, 'Service Unavailable', 'Service Unavailable');
    return new XProblem(status, 'Invalid Request', message, X_PROBLEM_TYPES.invalidRequest);
  },
  tokenKinds: Object.values(X_TOKENS),
  testUser: xTestUserParts,
  control: { settings: X_SETTINGS, routes: registerXControl, thirdPartyComment: xThirdPartyComment },
} as const satisfies EmulatedNetworkDescriptor;
