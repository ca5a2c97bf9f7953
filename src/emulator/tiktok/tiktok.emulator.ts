import { ConsentPageError } from '../consent/consent-page';
import { EmulatedNetworkDescriptor } from '../registry/emulated-network';
import { tiktokConsent } from './tiktok-consent';
import { registerTikTokContractChecks } from './tiktok-contract-checks';
import { registerTikTokDisplayRoutes } from './tiktok-display.routes';
import { TikTokError, TikTokOAuthError, tiktokErrors } from './tiktok-errors';
import { registerTikTokPages, tiktokPageNotFound } from './tiktok-pages';
import { registerTikTokPublishRoutes } from './tiktok-publish.routes';
import { TIKTOK_SETTINGS } from './tiktok-settings';
import { tiktokTestUserParts } from './tiktok-test-user';
import { registerTikTokTokenRoutes } from './tiktok-token.routes';
import { TIKTOK_TOKENS } from './tiktok-tokens';
import { registerTikTokUploads, TIKTOK_UPLOAD_PREFIX } from './tiktok-uploads';
import './tiktok-published';

/**
 * TikTok below /tiktok: the authorize page (www.tiktok.com/v2/auth/authorize/ at /v2/auth/authorize/),
 * open.tiktokapis.com at /open (OAuth v2, the Content Posting API, the Display API), the upload
 * URLs at /upload and the videos' pages at /@{username}/video/{id}.
 */
export const tiktokEmulator = {
  id: 'tiktok',
  title: 'TikTok',
  aliases: [],
  pathPrefix: '/tiktok',
  consent: { path: '/v2/auth/authorize/', ...tiktokConsent },
  routes: async (scope, context) => {
    await scope.register(
      async (api) => {
        registerTikTokContractChecks(api);
        registerTikTokTokenRoutes(api, context);
        registerTikTokPublishRoutes(api, context);
        registerTikTokDisplayRoutes(api, context);
      },
      { prefix: '/open' },
    );
    registerTikTokUploads(scope, context);
    registerTikTokPages(scope, context);
  },
  errorShape: (path, status, message) => {
    // Throttled (docs/emulator.md): TikTok's per-minute limit, no header saying when.
    if (status === 429) return tiktokErrors.rateLimited();
    if (path.startsWith('/open/v2/oauth/'))
      return new TikTokOAuthError(
        status >= 500 ? 'server_error' : 'invalid_request',
        message,
        status >= 500 ? 500 : 400,
      );
    if (path.startsWith('/open/') || path.startsWith(TIKTOK_UPLOAD_PREFIX))
      return new TikTokError(
        status >= 500 ? 'internal_error' : status === 401 ? 'access_token_invalid' : 'invalid_param',
        message,
        status >= 500 ? 500 : status,
      );
    if (status === 404) return tiktokPageNotFound();
    return ConsentPageError.unroutable('TikTok', status, message);
  },
  tokenKinds: Object.values(TIKTOK_TOKENS),
  testUser: tiktokTestUserParts,
  control: { settings: TIKTOK_SETTINGS },
} as const satisfies EmulatedNetworkDescriptor;
