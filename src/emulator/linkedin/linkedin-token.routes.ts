import { FastifyInstance } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { requestParams } from '../http/request-params';
import { IssuedToken } from '../state/credentials';
import { EmulatorState } from '../state/emulator-state';
import { CodeProblem, redeemCode } from '../state/redeem-code';
import { issueToken, newGrantId, secondsLeft } from '../state/token-factory';
import { LinkedInOAuthError } from './linkedin-errors';
import { LINKEDIN_TOKENS } from './linkedin-tokens';

const CODE_MESSAGES: Record<CodeProblem, string> = {
  unknown:
    'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired. Or external member binding exists',
  used: 'Unable to retrieve access token: authorization code has already been used',
  expired: 'Unable to retrieve access token: authorization code expired',
  client_mismatch:
    'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code',
  redirect_mismatch:
    'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code',
  pkce_mismatch: 'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code',
};

type Grant = Pick<IssuedToken, 'userId' | 'subjectId' | 'clientId' | 'scopes' | 'grantId'>;

/** The answer of the token endpoint: the access token, the scopes (comma-separated), and the refresh token when the app gets them. */
function tokenAnswer(state: EmulatorState, grant: Grant, refresh: IssuedToken | undefined) {
  const access = issueToken(state, { ...grant, network: 'linkedin', kind: LINKEDIN_TOKENS.access, lifetime: 'long' });
  return {
    access_token: access.value,
    expires_in: LINKEDIN_TOKENS.access.ttlSeconds.long,
    scope: grant.scopes.join(','),
    token_type: 'Bearer',
    ...(refresh ? { refresh_token: refresh.value, refresh_token_expires_in: secondsLeft(state, refresh) } : {}),
  };
}

/**
 * www.linkedin.com/oauth/v2/accessToken: the code exchange (`authorization_code`, the app's id and
 * secret in the form) and, for apps LinkedIn gives refresh tokens (the emulator's
 * linkedinRefreshTokens), `refresh_token`: a new 60-day access token, the refresh token unchanged
 * with the end it had from the first consent.
 */
export function registerLinkedInTokenRoutes(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;
  fastify.post('/accessToken', async (request) => {
    const params = requestParams(request);
    if (!params.grant_type)
      throw new LinkedInOAuthError('invalid_request', 'A required parameter "grant_type" is missing');
    if (!params.client_id || !state.apps.verify(params.client_id, params.client_secret))
      throw new LinkedInOAuthError('invalid_client', 'Client authentication failed', 401);
    if (params.grant_type === 'authorization_code') {
      for (const name of ['code', 'redirect_uri'])
        if (!params[name]) throw new LinkedInOAuthError('invalid_request', `A required parameter "${name}" is missing`);
      const redemption = redeemCode(state, {
        network: 'linkedin',
        value: params.code,
        clientId: params.client_id,
        redirectUri: params.redirect_uri,
      });
      if (!redemption.ok) throw new LinkedInOAuthError('invalid_request', CODE_MESSAGES[redemption.problem]);
      const member = state.findUser(redemption.code.userId)?.linkedin;
      if (!member) throw new LinkedInOAuthError('invalid_request', CODE_MESSAGES.unknown);
      const grant: Grant = {
        userId: redemption.code.userId,
        subjectId: member.urn,
        clientId: params.client_id,
        scopes: redemption.code.scopes,
        grantId: newGrantId(),
      };
      const refresh = state.settings.linkedinRefreshTokens
        ? issueToken(state, { ...grant, network: 'linkedin', kind: LINKEDIN_TOKENS.refresh, lifetime: 'long' })
        : undefined;
      return tokenAnswer(state, grant, refresh);
    }
    if (params.grant_type === 'refresh_token') {
      const check = state.credentials.check(params.refresh_token);
      const invalid = () =>
        new LinkedInOAuthError(
          'invalid_grant',
          'The provided authorization grant or refresh token is invalid, expired or revoked',
        );
      if (!check.ok || check.token.kind !== LINKEDIN_TOKENS.refresh.kind || check.token.clientId !== params.client_id)
        throw invalid();
      const failing = state.faults.take(
        [{ network: 'linkedin', accountId: check.token.subjectId }],
        ['token_expired', 'token_revoked', 'server_error'],
      )[0];
      if (failing?.kind === 'server_error') throw new LinkedInOAuthError('server_error', 'Internal Server Error', 500);
      if (failing) throw invalid();
      return tokenAnswer(state, check.token, check.token);
    }
    throw new LinkedInOAuthError('unsupported_grant_type', `The grant type ${params.grant_type} is not supported`);
  });
}
