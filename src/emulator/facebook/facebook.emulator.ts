import { ConsentPageError } from '../consent/consent-page';
import { graphErrors } from '../graph/graph-errors';
import { reportGraphAppUsage } from '../graph/usage-headers';
import { EmulatedNetworkDescriptor } from '../registry/emulated-network';
import { facebookThirdPartyComment } from './facebook-third-party-comment';
import { facebookConsent } from './facebook-consent';
import { facebookGraphPlugin } from './facebook-graph.plugin';
import { registerFacebookRuploadRoutes } from './facebook-rupload.routes';
import { facebookPageNotFound, registerFacebookPages } from './facebook-pages';
import { FACEBOOK_SETTINGS } from './facebook-settings';
import { facebookTestUserParts } from './facebook-test-user';
import { FACEBOOK_TOKENS } from './facebook-tokens';

/** Facebook: the Login dialog (www.facebook.com) and graph.facebook.com, below /facebook. */
export const facebookEmulator = {
  id: 'facebook',
  title: 'Facebook',
  aliases: [],
  pathPrefix: '/facebook',
  consent: { path: '/v25.0/dialog/oauth', ...facebookConsent },
  routes: async (scope, context) => {
    reportGraphAppUsage(scope);
    await scope.register(async (graph) => facebookGraphPlugin(graph, context), { prefix: '/graph/v25.0' });
    // rupload.facebook.com: the files of reels and video stories (not a Graph node; its own host).
    await scope.register(async (rupload) => registerFacebookRuploadRoutes(rupload, context), { prefix: '/rupload' });
    registerFacebookPages(scope, context);
  },
  errorShape: (path, status, message) => {
    if (path.startsWith('/graph/') || path.startsWith('/rupload/'))
      return status === 429 ? graphErrors.appRequestLimitReached() : graphErrors.unroutable(status, message);
    // facebook.com's pages (a permalink): its own not-found page, for an unknown world as for an unknown post.
    if (status === 404) return facebookPageNotFound();
    return ConsentPageError.unroutable('Facebook', status, message);
  },
  tokenKinds: Object.values(FACEBOOK_TOKENS),
  testUser: facebookTestUserParts,
  control: {
    // Graph's own errors (codes 102, 341, 368).
    faults: ['session_invalid', 'app_limit', 'policy_block'],
    settings: FACEBOOK_SETTINGS,
    thirdPartyComment: facebookThirdPartyComment,
  },
} as const satisfies EmulatedNetworkDescriptor;
