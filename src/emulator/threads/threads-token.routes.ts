import { FastifyInstance } from 'fastify';
import { threadsPublishingRules } from '../../contracts';
import { EmulatorContext } from '../emulator-context';
import { graphErrors } from '../graph/graph-errors';
import { exchangeLoginCode, registerLongLivedTokenRoutes } from '../graph/meta-login-tokens';
import { requestParams } from '../http/request-params';
import { threadsError } from './threads-access';
import { THREADS_TOKENS } from './threads-tokens';

const REFRESH_MIN_AGE_MS = threadsPublishingRules().tokens.refreshMinAgeSeconds * 1000;

/**
 * graph.threads.net's token endpoints (the collection's Authorization folder): the code exchange
 * (`POST /oauth/access_token`, a short-lived token and the user id), the long-lived exchange
 * (`GET /access_token?grant_type=th_exchange_token`) and the refresh
 * (`GET /refresh_access_token?grant_type=th_refresh_token`, once the token is a day old).
 */
export function registerThreadsTokenRoutes(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;

  fastify.post('/oauth/access_token', async (request) => {
    const { token, subjectId } = exchangeLoginCode(state, requestParams(request), {
      network: 'threads',
      kind: THREADS_TOKENS.threads,
      subjectOf: (user) => user.threads?.id,
      refuse: (message) => threadsError(graphErrors.invalidParameter(message)),
      missing: (name) => `Missing required parameter ${name}`,
      wrongGrant: 'grant_type must be authorization_code',
    });
    return { access_token: token.value, user_id: subjectId };
  });

  registerLongLivedTokenRoutes(fastify, state, {
    network: 'threads',
    kind: THREADS_TOKENS.threads,
    grants: { exchange: 'th_exchange_token', refresh: 'th_refresh_token' },
    refreshMinAgeMs: REFRESH_MIN_AGE_MS,
    // "the app user must have granted threads_basic" (long-lived tokens page).
    checkRefresh: (token) => {
      if (!token.scopes.includes('threads_basic'))
        throw threadsError(graphErrors.permission(10, 'The token was not granted threads_basic'));
    },
  });
}
