import { FastifyInstance, FastifyRequest } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { applyGraphFaults, requireGraphCall } from '../graph/graph-access';
import { graphErrors } from '../graph/graph-errors';
import { requestParams } from '../http/request-params';
import { CodeProblem, redeemCode } from '../state/redeem-code';
import { issueToken, newGrantId } from '../state/token-factory';
import { InstagramTokenError } from './instagram-token-error';
import { INSTAGRAM_TOKENS } from './instagram-tokens';

/** A long-lived token can be refreshed once it is at least a day old. */
const REFRESH_MIN_AGE_MS = 24 * 3600_000;

const CODE_MESSAGES: Record<CodeProblem, string> = {
  unknown: 'Invalid authorization code',
  used: 'This authorization code has been used',
  expired: 'This authorization code has expired',
  client_mismatch: 'Invalid platform app',
  redirect_mismatch:
    'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
  pkce_mismatch: 'Invalid code verifier',
};

/** `POST api.instagram.com/oauth/access_token`: code → short-lived token, in the selected answer shape. */
export function registerInstagramCodeExchange(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;
  fastify.post('/access_token', async (request) => {
    const params = requestParams(request);
    for (const name of ['client_id', 'client_secret', 'grant_type', 'redirect_uri', 'code']) {
      if (!params[name]) throw new InstagramTokenError(`Missing required field ${name}`);
    }
    if (params.grant_type !== 'authorization_code')
      throw new InstagramTokenError('Invalid grant_type: only authorization_code is supported');
    if (!state.apps.verify(params.client_id!, params.client_secret))
      throw new InstagramTokenError('Error validating client secret');
    const redemption = redeemCode(state, {
      network: 'instagram',
      value: params.code,
      clientId: params.client_id,
      redirectUri: params.redirect_uri,
    });
    if (!redemption.ok) throw new InstagramTokenError(CODE_MESSAGES[redemption.problem]);
    const account = state.findUser(redemption.code.userId)?.instagram;
    if (!account) throw new InstagramTokenError('Invalid authorization code');
    const token = issueToken(state, {
      network: 'instagram',
      kind: INSTAGRAM_TOKENS.instagram,
      lifetime: 'short',
      userId: redemption.code.userId,
      subjectId: account.id,
      clientId: redemption.code.clientId,
      scopes: redemption.code.scopes,
      grantId: newGrantId(),
    });
    if (state.settings.instagramTokenShape === 'flat')
      return { access_token: token.value, user_id: account.id, permissions: token.scopes };
    return { data: [{ access_token: token.value, user_id: account.id, permissions: token.scopes.join(',') }] };
  });
}

/** graph.instagram.com's unversioned token endpoints: long-lived exchange and refresh. */
export function registerInstagramTokenRoutes(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;
  const longLived = (request: FastifyRequest, grantType: 'ig_exchange_token' | 'ig_refresh_token') => {
    const params = requestParams(request);
    if (params.grant_type !== grantType)
      throw graphErrors.invalidParameter(`grant_type must be ${grantType}`).forInstagram();
    if (grantType === 'ig_exchange_token' && !params.client_secret)
      throw graphErrors.invalidParameter('Missing client_secret parameter').forInstagram();
    const current = requireGraphCall(state, 'instagram', request, params);
    if (grantType === 'ig_exchange_token' && !state.apps.verify(current.clientId, params.client_secret)) {
      throw graphErrors.invalidParameter('Error validating client secret').forInstagram();
    }
    return { params, current };
  };
  const answer = (current: ReturnType<typeof longLived>['current']) => {
    const { network, userId, subjectId, clientId, scopes, grantId } = current;
    const token = issueToken(state, {
      network,
      kind: INSTAGRAM_TOKENS.instagram,
      userId,
      subjectId,
      clientId,
      scopes,
      grantId,
      lifetime: 'long',
    });
    return { access_token: token.value, token_type: 'bearer', expires_in: INSTAGRAM_TOKENS.instagram.ttlSeconds.long };
  };

  fastify.get('/access_token', async (request) => {
    const { current } = longLived(request, 'ig_exchange_token');
    if (current.lifetime !== 'short')
      throw graphErrors.invalidParameter('Only a short-lived access token can be exchanged').forInstagram();
    await applyGraphFaults(state, [{ network: 'instagram', accountId: current.subjectId }]);
    return answer(current);
  });

  fastify.get('/refresh_access_token', async (request) => {
    const { current } = longLived(request, 'ig_refresh_token');
    if (current.lifetime !== 'long')
      throw graphErrors.invalidParameter('Only a long-lived access token can be refreshed').forInstagram();
    if (state.now() - current.issuedAt < REFRESH_MIN_AGE_MS)
      throw graphErrors
        .invalidParameter('The access token can be refreshed only once it is at least 24 hours old')
        .forInstagram();
    await applyGraphFaults(state, [{ network: 'instagram', accountId: current.subjectId }]);
    return answer(current);
  });
}
