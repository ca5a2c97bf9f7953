import { blueskyConsent } from './bluesky-consent';
import { BlueskyOAuthError } from './bluesky-oauth-error';
import { registerBlueskyOAuthRoutes } from './bluesky-oauth.routes';
import { registerBlueskyPlcRoutes } from './bluesky-plc.routes';
import { EmulatedNetworkDescriptor } from '../registry/emulated-network';
import { XrpcError, xrpcErrors } from './bluesky-errors';
import { blueskyThirdPartyComment } from './bluesky-third-party-comment';
import { blueskyTestUserParts } from './bluesky-test-user';
import { BLUESKY_TOKENS } from './bluesky-tokens';
import { BLUESKY_VIDEO_SETTINGS } from './bluesky-video-settings';
import { registerBlueskyVideoRoutes } from './bluesky-video.routes';
import { blueskyXrpcPlugin } from './bluesky-xrpc.plugin';

/**
 * Bluesky: a PDS (with the appview reads it forwards) over XRPC, below /bluesky/xrpc, and the video
 * service below /bluesky/video/xrpc. Every error in XRPC's shape.
 */
export const blueskyEmulator = {
  id: 'bluesky',
  title: 'Bluesky',
  aliases: ['bsky'],
  pathPrefix: '/bluesky',
  consent: { path: '/oauth/authorize', ...blueskyConsent },
  routes: async (scope, context) => {
    await scope.register(async (xrpc) => blueskyXrpcPlugin(xrpc, context), { prefix: '/xrpc' });
    // The video service (video.bsky.app live), on its own prefix as it is its own host.
    await scope.register(async (video) => registerBlueskyVideoRoutes(video, context), { prefix: '/video/xrpc' });
    registerBlueskyOAuthRoutes(scope, context);
    registerBlueskyPlcRoutes(scope, context);
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
  control: { thirdPartyComment: blueskyThirdPartyComment, settings: BLUESKY_VIDEO_SETTINGS },
} as const satisfies EmulatedNetworkDescriptor;
