import { FastifyInstance, FastifyRequest } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { GraphError } from '../graph/graph-error';
import { graphErrors } from '../graph/graph-errors';
import { applyGraphFaults, requireGraphCall, requireGraphToken } from '../graph/graph-access';
import { Params, requestParams } from '../http/request-params';
import { CodeProblem, redeemCode } from '../state/redeem-code';
import { issueToken, newGrantId, secondsLeft } from '../state/token-factory';
import { FACEBOOK_TOKENS } from './facebook-tokens';

const CODE_ERRORS: Record<CodeProblem, () => GraphError> = {
  unknown: () => new GraphError({ code: 100, subcode: 36010, message: 'Invalid verification code format.' }),
  used: () => new GraphError({ code: 100, subcode: 36009, message: 'This authorization code has been used.' }),
  expired: () => new GraphError({ code: 100, subcode: 36007, message: 'This authorization code has expired.' }),
  client_mismatch: () =>
    new GraphError({
      code: 100,
      subcode: 36008,
      message: 'Error validating verification code. The code was not issued to this client_id.',
    }),
  redirect_mismatch: () =>
    new GraphError({
      code: 100,
      subcode: 36008,
      message:
        'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
    }),
  pkce_mismatch: () => new GraphError({ code: 100, message: 'Invalid code verifier.' }),
};

function required(params: Params, ...names: string[]): void {
  for (const name of names) {
    if (!params[name]) throw new GraphError({ code: 100, message: `Missing ${name} parameter.` });
  }
}

function exchangeCode(context: EmulatorContext, params: Params) {
  const { state } = context;
  required(params, 'client_id', 'redirect_uri', 'client_secret', 'code');
  if (!state.apps.verify(params.client_id!, params.client_secret))
    throw new GraphError({ code: 1, message: 'Error validating client secret.' });
  const redemption = redeemCode(state, {
    network: 'facebook',
    value: params.code,
    clientId: params.client_id,
    redirectUri: params.redirect_uri,
  });
  if (!redemption.ok) throw CODE_ERRORS[redemption.problem]();
  const user = state.findUser(redemption.code.userId);
  if (!user) throw graphErrors.unparsableToken();
  const token = issueToken(state, {
    network: 'facebook',
    kind: FACEBOOK_TOKENS.user,
    lifetime: 'short',
    userId: user.id,
    subjectId: user.facebookUserId,
    clientId: redemption.code.clientId,
    scopes: redemption.code.scopes,
    grantId: newGrantId(),
  });
  return { access_token: token.value, token_type: 'bearer', expires_in: secondsLeft(state, token) };
}

function exchangeForLongLived(context: EmulatorContext, params: Params) {
  const { state } = context;
  required(params, 'client_id', 'client_secret', 'fb_exchange_token');
  if (!state.apps.verify(params.client_id!, params.client_secret))
    throw new GraphError({ code: 1, message: 'Error validating client secret.' });
  const short = requireGraphToken(state, 'facebook', params.fb_exchange_token);
  if (short.kind !== 'user') throw graphErrors.invalidParameter('fb_exchange_token must be a user access token');
  if (short.clientId !== params.client_id)
    throw new GraphError({ code: 1, message: 'Error validating application. Invalid application ID.' });
  const token = issueToken(state, {
    network: 'facebook',
    kind: FACEBOOK_TOKENS.user,
    lifetime: 'long',
    userId: short.userId,
    subjectId: short.subjectId,
    clientId: short.clientId,
    scopes: short.scopes,
    grantId: short.grantId,
  });
  return { access_token: token.value, token_type: 'bearer', expires_in: FACEBOOK_TOKENS.user.ttlSeconds.long };
}

/** Facebook Login's token endpoints on the Graph host: code exchange, long-lived exchange, revoke. */
export function registerFacebookTokenRoutes(fastify: FastifyInstance, context: EmulatorContext): void {
  const accessToken = async (request: FastifyRequest) => {
    const params = requestParams(request);
    if (params.grant_type === 'fb_exchange_token') return exchangeForLongLived(context, params);
    if (params.grant_type && params.grant_type !== 'authorization_code')
      throw graphErrors.invalidParameter(`Unsupported grant_type: ${params.grant_type}`);
    return exchangeCode(context, params);
  };
  fastify.get('/oauth/access_token', accessToken);
  fastify.post('/oauth/access_token', accessToken);

  // What the user granted this app (a Page token made from the user's token carries the same).
  // Declined permissions are not listed: the service reads only the granted ones.
  fastify.get('/me/permissions', async (request) => {
    const token = requireGraphCall(context.state, 'facebook', request, requestParams(request));
    await applyGraphFaults(context.state, [{ network: 'facebook', accountId: token.userId }]);
    return { data: token.scopes.map((permission) => ({ permission, status: 'granted' })) };
  });

  // Removing the app's permissions ends every token the user gave this app, Page tokens included.
  fastify.delete('/me/permissions', async (request) => {
    const token = requireGraphCall(context.state, 'facebook', request, requestParams(request));
    if (token.kind !== 'user')
      throw graphErrors.invalidParameter('A user access token is required to remove permissions');
    // Faults injected for the user (or for every Facebook account) reach this call too.
    await applyGraphFaults(context.state, [{ network: 'facebook', accountId: token.userId }]);
    context.state.credentials.invalidate(
      (candidate) =>
        candidate.network === 'facebook' && candidate.userId === token.userId && candidate.clientId === token.clientId,
      'app_removed',
    );
    return { success: true };
  });
}
