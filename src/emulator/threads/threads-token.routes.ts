import { FastifyInstance, FastifyRequest } from 'fastify';
import { threadsPublishingRules } from '../../contracts';
import { EmulatorContext } from '../emulator-context';
import { graphErrors } from '../graph/graph-errors';
import { requestParams } from '../http/request-params';
import { CodeProblem, redeemCode } from '../state/redeem-code';
import { issueToken, newGrantId } from '../state/token-factory';
import { applyThreadsFaults, requireThreadsToken, threadsError } from './threads-access';
import { THREADS_TOKENS } from './threads-tokens';

const REFRESH_MIN_AGE_MS = threadsPublishingRules().tokens.refreshMinAgeSeconds * 1000;

const CODE_MESSAGES: Record<CodeProblem, string> = {
  unknown: 'Invalid authorization code',
  used: 'This authorization code has been used',
  expired: 'This authorization code has expired',
  client_mismatch: 'Invalid platform app',
  redirect_mismatch:
    'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
  pkce_mismatch: 'Invalid code verifier',
};

const invalid = (message: string) => threadsError(graphErrors.invalidParameter(message));

/**
 * graph.threads.net's token endpoints (the collection's Authorization folder): the code exchange
 * (`POST /oauth/access_token`, a short-lived token and the user id), the long-lived exchange
 * (`GET /access_token?grant_type=th_exchange_token`) and the refresh
 * (`GET /refresh_access_token?grant_type=th_refresh_token`, once the token is a day old).
 */
export function registerThreadsTokenRoutes(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;

  fastify.post('/oauth/access_token', async (request) => {
    const params = requestParams(request);
    for (const name of ['client_id', 'client_secret', 'grant_type', 'redirect_uri', 'code'])
      if (!params[name]) throw invalid(`Missing required parameter ${name}`);
    if (params.grant_type !== 'authorization_code') throw invalid('grant_type must be authorization_code');
    if (!state.apps.verify(params.client_id!, params.client_secret)) throw invalid('Error validating client secret');
    const redemption = redeemCode(state, {
      network: 'threads',
      value: params.code,
      clientId: params.client_id,
      redirectUri: params.redirect_uri,
    });
    if (!redemption.ok) throw invalid(CODE_MESSAGES[redemption.problem]);
    const profile = state.findUser(redemption.code.userId)?.threads;
    if (!profile) throw invalid('Invalid authorization code');
    const token = issueToken(state, {
      network: 'threads',
      kind: THREADS_TOKENS.threads,
      lifetime: 'short',
      userId: redemption.code.userId,
      subjectId: profile.id,
      clientId: redemption.code.clientId,
      scopes: redemption.code.scopes,
      grantId: newGrantId(),
    });
    return { access_token: token.value, user_id: profile.id };
  });

  const longLived = async (request: FastifyRequest, grantType: 'th_exchange_token' | 'th_refresh_token') => {
    const params = requestParams(request);
    if (params.grant_type !== grantType) throw invalid(`grant_type must be ${grantType}`);
    if (grantType === 'th_exchange_token' && !params.client_secret) throw invalid('Missing client_secret parameter');
    const current = requireThreadsToken(state, request, params);
    if (grantType === 'th_exchange_token') {
      if (!state.apps.verify(current.clientId, params.client_secret)) throw invalid('Error validating client secret');
      if (current.lifetime !== 'short') throw invalid('Only a short-lived access token can be exchanged');
    } else {
      if (current.lifetime !== 'long') throw invalid('Only a long-lived access token can be refreshed');
      if (state.now() - current.issuedAt < REFRESH_MIN_AGE_MS)
        throw invalid('The access token can be refreshed only once it is at least 24 hours old');
      // "the app user must have granted threads_basic" (long-lived tokens page).
      if (!current.scopes.includes('threads_basic'))
        throw threadsError(graphErrors.permission(10, 'The token was not granted threads_basic'));
    }
    await applyThreadsFaults(state, current.subjectId);
    const { network, userId, subjectId, clientId, scopes, grantId } = current;
    const token = issueToken(state, {
      network,
      kind: THREADS_TOKENS.threads,
      userId,
      subjectId,
      clientId,
      scopes,
      grantId,
      lifetime: 'long',
    });
    return { access_token: token.value, token_type: 'bearer', expires_in: THREADS_TOKENS.threads.ttlSeconds.long };
  };

  fastify.get('/access_token', (request) => longLived(request, 'th_exchange_token'));
  fastify.get('/refresh_access_token', (request) => longLived(request, 'th_refresh_token'));
}
