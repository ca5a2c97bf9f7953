import { ConsentPageError } from '../consent/consent-page';
import { graphErrors } from '../graph/graph-errors';
import { OpenApiContract } from '../../contracts';
import { registerGraphContractChecks } from '../contracts/graph-contract-checks';
import { registerOpenApiChecks } from '../contracts/openapi-contract-checks';
import { reportGraphAppUsage } from '../graph/usage-headers';
import { EmulatedNetworkDescriptor } from '../registry/emulated-network';
import { instagramThirdPartyComment } from './instagram-third-party-comment';
import { instagramConsent } from './instagram-consent';
import { instagramGraphPlugin } from './instagram-graph.plugin';
import { instagramPageNotFound, registerInstagramPages } from './instagram-pages';
import { registerInstagramPublishRoutes } from './instagram-publish.routes';
import { INSTAGRAM_SETTINGS } from './instagram-settings';
import { instagramTestUserParts } from './instagram-test-user';
import { InstagramTokenError } from './instagram-token-error';
import { registerInstagramCodeExchange, registerInstagramTokenRoutes } from './instagram-token.routes';
import { INSTAGRAM_TOKENS } from './instagram-tokens';

/**
 * Instagram: Instagram Login (www.instagram.com, api.instagram.com) and graph.instagram.com below
 * /instagram. It rides on Facebook: Pages carry Instagram accounts, and Facebook Login publishes
 * to them through Facebook's Graph, where this network serves its publishing endpoints.
 */
export const instagramEmulator = {
  id: 'instagram',
  title: 'Instagram',
  aliases: [],
  pathPrefix: '/instagram',
  dependsOn: [
    {
      network: 'facebook',
      routes: {
        prefix: '/graph/v25.0',
        register: (graph, context) => {
          registerGraphContractChecks(graph, context, 'facebook');
          registerInstagramPublishRoutes(graph, context, 'facebook');
        },
      },
    },
  ],
  consent: { path: '/oauth/authorize', ...instagramConsent },
  routes: async (scope, context) => {
    reportGraphAppUsage(scope);
    await scope.register(
      async (api) => {
        registerOpenApiChecks(api, context, {
          contractFor: () => OpenApiContract.metaOAuth('api.instagram.com'),
          pathPrefix: '/oauth',
          unmatched: 'log',
        });
        registerInstagramCodeExchange(api, context);
      },
      { prefix: '/api/oauth' },
    );
    // The token endpoints answer both unversioned and versioned, as graph.instagram.com does.
    for (const prefix of ['/graph', '/graph/v25.0'])
      await scope.register(
        async (graph) => {
          registerOpenApiChecks(graph, context, {
            contractFor: () => OpenApiContract.metaOAuth('graph.instagram.com'),
            unmatched: 'log',
          });
          registerInstagramTokenRoutes(graph, context);
        },
        { prefix },
      );
    await scope.register(async (graph) => instagramGraphPlugin(graph, context), { prefix: '/graph/v25.0' });
    registerInstagramPages(scope, context);
  },
  errorShape: (path, status, message) => {
    // Throttled (docs/emulator.md): Graph's app-level limit, on the token host too.
    if (status === 429 && (path.startsWith('/graph/') || path.startsWith('/api/')))
      return graphErrors.appRequestLimitReached().forInstagram();
    if (path.startsWith('/graph/')) return graphErrors.unroutable(status, message).forInstagram();
    if (path.startsWith('/api/')) return new InstagramTokenError(message);
    // instagram.com's pages (a permalink): its own not-found page, for an unknown world as for an unknown post.
    if (status === 404) return instagramPageNotFound();
    return ConsentPageError.unroutable('Instagram', status, message);
  },
  tokenKinds: Object.values(INSTAGRAM_TOKENS),
  testUser: instagramTestUserParts,
  control: {
    // Graph's own errors (codes 102, 341, 368, and media_publish's subcode 2207053).
    faults: ['session_invalid', 'app_limit', 'policy_block', 'upload_error'],
    settings: INSTAGRAM_SETTINGS,
    thirdPartyComment: instagramThirdPartyComment,
  },
} as const satisfies EmulatedNetworkDescriptor;
