import { ConsentPageError } from '../consent/consent-page';
import { graphErrors } from '../graph/graph-errors';
import { EmulatedNetworkDescriptor } from '../registry/emulated-network';
import { threadsError } from './threads-access';
import { threadsConsent } from './threads-consent';
import { registerThreadsContractChecks } from './threads-contract-checks';
import { registerThreadsObjectRoutes } from './threads-objects.routes';
import { registerThreadsPages, threadsPageNotFound } from './threads-pages';
import { registerThreadsPublishRoutes } from './threads-publish.routes';
import { THREADS_SETTINGS } from './threads-settings';
import { threadsTestUserParts } from './threads-test-user';
import { threadsThirdPartyComment } from './threads-third-party-comment';
import { registerThreadsTokenRoutes } from './threads-token.routes';
import { THREADS_TOKENS } from './threads-tokens';

/**
 * Threads: its authorize window (threads.net/oauth/authorize) and graph.threads.net below /threads,
 * the API answered both unversioned (as Meta's Postman collection calls it) and under /v1.0.
 */
export const threadsEmulator = {
  id: 'threads',
  title: 'Threads',
  aliases: [],
  pathPrefix: '/threads',
  consent: { path: '/oauth/authorize', ...threadsConsent },
  routes: async (scope, context) => {
    for (const prefix of ['/graph', '/graph/v1.0'])
      await scope.register(
        async (graph) => {
          registerThreadsContractChecks(graph);
          registerThreadsTokenRoutes(graph, context);
          registerThreadsPublishRoutes(graph, context);
          registerThreadsObjectRoutes(graph, context);
        },
        { prefix },
      );
    registerThreadsPages(scope, context);
  },
  errorShape: (path, status, message) => {
    // Throttled (docs/emulator.md): Graph's app-level limit.
    if (status === 429 && path.startsWith('/graph/')) return threadsError(graphErrors.appRequestLimitReached());
    if (path.startsWith('/graph/')) return threadsError(graphErrors.unroutable(status, message));
    if (status === 404) return threadsPageNotFound();
    return ConsentPageError.unroutable('Threads', status, message);
  },
  tokenKinds: Object.values(THREADS_TOKENS),
  testUser: threadsTestUserParts,
  control: {
    // Graph's own errors (codes 102, 341, 368), which graph.threads.net answers in the same envelope.
    faults: ['session_invalid', 'app_limit', 'policy_block'],
    settings: THREADS_SETTINGS,
    thirdPartyComment: threadsThirdPartyComment,
  },
} as const satisfies EmulatedNetworkDescriptor;
