import { ConsentPageError } from '../consent/consent-page';
import { EmulatorError } from '../http/emulator-error';
import { EmulatedNetworkDescriptor } from '../registry/emulated-network';
import { registerYouTubeCommentRoutes } from './youtube-comments.routes';
import { youTubeConsent } from './youtube-consent';
import { registerYouTubeControl } from './youtube-control';
import { registerYouTubeContractChecks } from './youtube-contract-checks';
import { GoogleOAuthError, YouTubeError } from './youtube-errors';
import { registerYouTubePages, youTubePageNotFound } from './youtube-pages';
import { YOUTUBE_SETTINGS } from './youtube-settings';
import { youTubeTestUserParts } from './youtube-test-user';
import { youTubeThirdPartyComment } from './youtube-third-party-comment';
import { registerYouTubeTokenRoutes } from './youtube-token.routes';
import { YOUTUBE_TOKENS } from './youtube-tokens';
import { registerYouTubeUploadRoutes } from './youtube-uploads.routes';
import { registerYouTubeVideoRoutes } from './youtube-videos.routes';
import './youtube-published';

/**
 * YouTube below /youtube: Google's consent screen (accounts.google.com/o/oauth2/v2/auth at
 * /o/oauth2/v2/auth), oauth2.googleapis.com at /oauth2 (`/token`, `/revoke`), youtube.googleapis.com
 * at /api (`/youtube/v3/…` and `/upload/youtube/v3/…`) and the videos' pages at /watch?v={id}.
 */
export const youtubeEmulator = {
  id: 'youtube',
  title: 'YouTube',
  aliases: [],
  pathPrefix: '/youtube',
  consent: { path: '/o/oauth2/v2/auth', ...youTubeConsent },
  routes: async (scope, context) => {
    await scope.register(async (oauth) => registerYouTubeTokenRoutes(oauth, context), { prefix: '/oauth2' });
    await scope.register(
      async (api) => {
        registerYouTubeContractChecks(api);
        registerYouTubeVideoRoutes(api, context);
        registerYouTubeCommentRoutes(api, context);
        // Their own scope: the bytes of an upload are read as a buffer, whatever their type.
        await api.register(async (uploads) => registerYouTubeUploadRoutes(uploads, context));
      },
      { prefix: '/api' },
    );
    registerYouTubePages(scope, context);
  },
  errorShape: (path, status, message): EmulatorError => {
    if (path.startsWith('/oauth2/'))
      return new GoogleOAuthError(
        status >= 500 ? 'internal_failure' : 'invalid_request',
        message,
        status >= 500 ? 500 : 400,
      );
    if (path.startsWith('/api/')) {
      if (status === 429) return new YouTubeError(403, 'quotaExceeded', message, 'youtube.quota');
      return new YouTubeError(
        status >= 500 ? 500 : status,
        status === 404 ? 'notFound' : status >= 500 ? 'backendError' : 'badRequest',
        message,
        'global',
      );
    }
    if (status === 404) return youTubePageNotFound();
    return ConsentPageError.unroutable('YouTube', status, message);
  },
  tokenKinds: Object.values(YOUTUBE_TOKENS),
  testUser: youTubeTestUserParts,
  control: { settings: YOUTUBE_SETTINGS, routes: registerYouTubeControl, thirdPartyComment: youTubeThirdPartyComment },
} as const satisfies EmulatedNetworkDescriptor;
