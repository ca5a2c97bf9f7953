import { blueskyConsent } from './bluesky-consent';
import { BlueskyOAuthError, registerBlueskyOAuthRoutes } from './bluesky-oauth.routes';
import { EmulatedNetworkDescriptor } from '../registry/emulated-network';
import { XrpcError, xrpcErrors } from './bluesky-errors';
import { blueskyThirdPartyComment } from './bluesky-third-party-comment';
import { blueskyTestUserParts } from './bluesky-test-user';
import { BLUESKY_TOKENS } from './bluesky-tokens';
import { blueskyXrpcPlugin } from './bluesky-xrpc.plugin';

/** Bluesky: a PDS (with the appview reads it forwards) over XRPC, below /bluesky/xrpc. Every error in XRPC's shape. */
export const blueskyEmulator = {
  id: 'bluesky',
  title: 'Bluesky',
  aliases: ['bsky'],
  pathPrefix: '/bluesky',
  consent: { path: '/oauth/authorize', ...blueskyConsent },
  routes: async (scope, context) => {
    await scope.register(async (xrpc) => blueskyXrpcPlugin(xrpc, context), { prefix: '/xrpc' });
    registerBlueskyOAuthRoutes(scope, context);
  },
  errorShape: (path, status, message) => {
    if (path.startsWith('/oauth/'))
      return new BlueskyOAuthError(
        status >= 500 ? 'server_error' : 'invalid_request',
        message,
        status >= 500 ? 500 : 400,
      );
    // Throttled (docs/emulator.md): the PDS's 429, its window's reset a second away.
    if (status === 429)
      return xrpcErrors.rateLimited({
        'ratelimit-remaining': '0',
        'ratelimit-reset': String(Math.ceil(Date.now() / 1000) + 1),
      });
    // An unknown method: what xrpc-server answers for an NSID it does not serve.
    if (status === 404) return new XrpcError(501, 'MethodNotImplemented', 'Method Not Implemented');
    if (status >= 500) return xrpcErrors.internal();
    return xrpcErrors.invalidRequest(message);
  },
  tokenKinds: Object.values(BLUESKY_TOKENS),
  testUser: blueskyTestUserParts,
  control: { thirdPartyComment: blueskyThirdPartyComment },
} as const satisfies EmulatedNetworkDescriptor;
