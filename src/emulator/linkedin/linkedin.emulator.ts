import { EmulatorError } from '../http/emulator-error';
import { EmulatedNetworkDescriptor } from '../registry/emulated-network';
import { ConsentPageError } from '../consent/consent-page';
import { linkedInConsent } from './linkedin-consent';
import { registerLinkedInContractChecks } from './linkedin-contract-checks';
import { LinkedInError, LinkedInOAuthError, linkedInErrors } from './linkedin-errors';
import { registerLinkedInFollowerRoutes } from './linkedin-followers.routes';
import { registerLinkedInIdentityRoutes } from './linkedin-identity.routes';
import { LINKEDIN_UPLOAD_PREFIX, registerLinkedInMediaRoutes, registerLinkedInUploads } from './linkedin-media.routes';
import { linkedInPageNotFound, registerLinkedInPages } from './linkedin-pages';
import { registerLinkedInPostRoutes } from './linkedin-posts.routes';
import { LINKEDIN_SETTINGS } from './linkedin-settings';
import { registerLinkedInSocialRoutes } from './linkedin-social.routes';
import { linkedInTestUserParts } from './linkedin-test-user';
import { linkedInThirdPartyComment } from './linkedin-third-party-comment';
import { registerLinkedInTokenRoutes } from './linkedin-token.routes';
import { LINKEDIN_TOKENS } from './linkedin-tokens';
import './linkedin-published';

/**
 * LinkedIn below /linkedin: the authorize page and token endpoint (www.linkedin.com/oauth/v2 at
 * /oauth/v2), api.linkedin.com at /api (`/v2/userinfo` and the versioned `/rest/…`, follower counts too), the upload
 * URLs at /dms-uploads and the posts' pages at /feed/update/{urn}.
 */
export const linkedinEmulator = {
  id: 'linkedin',
  title: 'LinkedIn',
  aliases: [],
  pathPrefix: '/linkedin',
  consent: { path: '/oauth/v2/authorization', ...linkedInConsent },
  routes: async (scope, context) => {
    await scope.register(
      async (oauth) => {
        registerLinkedInContractChecks(oauth, context.state, '/oauth/v2');
        registerLinkedInTokenRoutes(oauth, context);
      },
      { prefix: '/oauth/v2' },
    );
    await scope.register(
      async (api) => {
        registerLinkedInContractChecks(api, context.state);
        registerLinkedInIdentityRoutes(api, context);
        registerLinkedInMediaRoutes(api, context);
        registerLinkedInPostRoutes(api, context);
        registerLinkedInSocialRoutes(api, context);
        registerLinkedInFollowerRoutes(api, context);
      },
      { prefix: '/api' },
    );
    registerLinkedInUploads(scope, context);
    registerLinkedInPages(scope, context);
  },
  errorShape: (path, status, message): EmulatorError => {
    // Throttled (docs/emulator.md): LinkedIn's daily limit, no header saying when.
    if (status === 429) return linkedInErrors.throttled();
    if (path.startsWith('/oauth/v2/accessToken'))
      return new LinkedInOAuthError(
        status >= 500 ? 'server_error' : 'invalid_request',
        message,
        status >= 500 ? 500 : 400,
      );
    if (path.startsWith('/api/') || path.startsWith(LINKEDIN_UPLOAD_PREFIX))
      return new LinkedInError(
        status >= 500 ? 500 : status,
        status === 404 ? 'NOT_FOUND' : status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'ILLEGAL_ARGUMENT',
        message,
      );
    if (status === 404) return linkedInPageNotFound();
    return ConsentPageError.unroutable('LinkedIn', status, message);
  },
  tokenKinds: Object.values(LINKEDIN_TOKENS),
  testUser: linkedInTestUserParts,
  control: { settings: LINKEDIN_SETTINGS, thirdPartyComment: linkedInThirdPartyComment },
} as const satisfies EmulatedNetworkDescriptor;
