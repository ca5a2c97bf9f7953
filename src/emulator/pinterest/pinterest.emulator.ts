import { ConsentPageError } from '../consent/consent-page';
import { EmulatorError } from '../http/emulator-error';
import { EmulatedNetworkDescriptor } from '../registry/emulated-network';
import { registerPinterestAccountRoutes } from './pinterest-account.routes';
import { registerPinterestAnalyticsRoutes } from './pinterest-analytics.routes';
import { pinterestConsent } from './pinterest-consent';
import { registerPinterestContractChecks } from './pinterest-contract-checks';
import { PinterestError, pinterestErrors } from './pinterest-errors';
import {
  PINTEREST_UPLOAD_PREFIX,
  registerPinterestMediaRoutes,
  registerPinterestUploads,
  UploadRefused,
} from './pinterest-media.routes';
import { pinterestPageNotFound, registerPinterestPages } from './pinterest-pages';
import { registerPinterestPinRoutes } from './pinterest-pins.routes';
import { PINTEREST_SETTINGS } from './pinterest-settings';
import { pinterestTestUserParts } from './pinterest-test-user';
import { registerPinterestTokenRoutes } from './pinterest-token.routes';
import { PINTEREST_TOKENS } from './pinterest-tokens';
import './pinterest-published';

/**
 * Pinterest below /pinterest: the consent page (www.pinterest.com/oauth/ at /oauth/),
 * api.pinterest.com/v5 at /v5 (the token endpoint, the account, boards and sections, pins, media,
 * pin analytics), the video upload host at /media-upload/ and the pins' pages at /pin/{id}/.
 * Pinterest has no comments API: no third-party comments here.
 */
export const pinterestEmulator = {
  id: 'pinterest',
  title: 'Pinterest',
  aliases: [],
  pathPrefix: '/pinterest',
  consent: { path: '/oauth/', ...pinterestConsent },
  routes: async (scope, context) => {
    await scope.register(
      async (api) => {
        registerPinterestContractChecks(api, context);
        registerPinterestTokenRoutes(api, context);
        registerPinterestAccountRoutes(api, context);
        registerPinterestPinRoutes(api, context);
        registerPinterestMediaRoutes(api, context);
        registerPinterestAnalyticsRoutes(api, context);
      },
      { prefix: '/v5' },
    );
    registerPinterestUploads(scope, context);
    registerPinterestPages(scope, context);
  },
  errorShape: (path, status, message): EmulatorError => {
    if (status === 429) return pinterestErrors.rateLimited();
    if (path.startsWith('/v5/'))
      return status >= 500
        ? pinterestErrors.serverError()
        : new PinterestError(status, status === 404 ? 404 : 1, message);
    if (path.startsWith(PINTEREST_UPLOAD_PREFIX)) return new UploadRefused(status, 'InvalidArgument', message);
    if (status === 404) return pinterestPageNotFound();
    return ConsentPageError.unroutable('Pinterest', status, message);
  },
  tokenKinds: Object.values(PINTEREST_TOKENS),
  testUser: pinterestTestUserParts,
  control: { settings: PINTEREST_SETTINGS, faults: ['upload_error'] },
} as const satisfies EmulatedNetworkDescriptor;
