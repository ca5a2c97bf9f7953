import { FastifyInstance } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { requestParams } from '../http/request-params';
import { IssuedToken } from '../state/credentials';
import { EmulatorState } from '../state/emulator-state';
import { CodeProblem, redeemCode } from '../state/redeem-code';
import { issueToken, newGrantId, secondsLeft } from '../state/token-factory';
import { TikTokOAuthError } from './tiktok-errors';
import { findTikTokCreator } from './tiktok-test-user';
import { TIKTOK_TOKENS } from './tiktok-tokens';

const CODE_MESSAGES: Record<CodeProblem, string> = {
  unknown: 'Authorization code is expired or invalid.',
  used: 'Authorization code has been used.',
  expired: 'Authorization code is expired.',
  client_mismatch: 'Authorization code was issued to another client.',
  redirect_mismatch: 'Redirect URI does not match the one of the authorization request.',
  pkce_mismatch: 'Code verifier or code challenge is invalid.',
};

type Grant = Pick<IssuedToken, 'userId' | 'subjectId' | 'clientId' | 'scopes' | 'grantId'>;

function tokenAnswer(state: EmulatorState, grant: Grant, refresh: IssuedToken) {
  const access = issueToken(state, { ...grant, network: 'tiktok', kind: TIKTOK_TOKENS.access, lifetime: 'long' });
  return {
    open_id: grant.subjectId,
    scope: grant.scopes.join(','),
    access_token: access.value,
    expires_in: TIKTOK_TOKENS.access.ttlSeconds.long,
    refresh_token: refresh.value,
    refresh_expires_in: secondsLeft(state, refresh),
    token_type: 'Bearer',
  };
}

/**
 * open.tiktokapis.com/v2/oauth/token/ (the code exchange, with the PKCE verifier when the authorize
 * request had a challenge; a refresh) and /v2/oauth/revoke/ (ends the whole grant), each with the
 * app's client_key and client_secret in the form.
 */
export function registerTikTokTokenRoutes(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;
  const client = (params: Record<string, string | undefined>) => {
    if (!params.client_key || !state.apps.verify(params.client_key, params.client_secret))
      throw new TikTokOAuthError('invalid_client', 'Client key or secret is invalid.', 401);
    return params.client_key;
  };

  fastify.post('/v2/oauth/token/', async (request) => {
    const params = requestParams(request);
    const clientKey = client(params);
    if (params.grant_type === 'authorization_code') {
      const redemption = redeemCode(state, {
        network: 'tiktok',
        value: params.code,
        clientId: clientKey,
        redirectUri: params.redirect_uri,
        codeVerifier: params.code_verifier,
      });
      if (!redemption.ok) throw new TikTokOAuthError('invalid_grant', CODE_MESSAGES[redemption.problem]);
      const creator = state.findUser(redemption.code.userId)?.tiktok;
      if (!creator) throw new TikTokOAuthError('invalid_grant', CODE_MESSAGES.unknown);
      const grant: Grant = {
        userId: redemption.code.userId,
        subjectId: creator.openId,
        clientId: clientKey,
        scopes: redemption.code.scopes,
        grantId: newGrantId(),
      };
      const refresh = issueToken(state, { ...grant, network: 'tiktok', kind: TIKTOK_TOKENS.refresh, lifetime: 'long' });
      return tokenAnswer(state, grant, refresh);
    }
    if (params.grant_type === 'refresh_token') {
      const check = state.credentials.check(params.refresh_token);
      const invalid = () => new TikTokOAuthError('invalid_grant', 'Refresh token is invalid or expired.');
      if (!check.ok || check.token.kind !== TIKTOK_TOKENS.refresh.kind || check.token.clientId !== clientKey)
        throw invalid();
      if (!findTikTokCreator(state, check.token.subjectId)) throw invalid();
      const failing = state.faults.take(
        [{ network: 'tiktok', accountId: check.token.subjectId }],
        ['token_expired', 'token_revoked', 'server_error'],
      )[0];
      if (failing?.kind === 'server_error') throw new TikTokOAuthError('server_error', 'Internal error.', 500);
      if (failing) throw invalid();
      return tokenAnswer(state, check.token, check.token);
    }
    throw new TikTokOAuthError('unsupported_grant_type', `grant_type ${params.grant_type ?? ''} is not supported.`);
  });

  fastify.post('/v2/oauth/revoke/', async (request) => {
    const params = requestParams(request);
    const clientKey = client(params);
    const check = state.credentials.check(params.token);
    if (check.ok && check.token.clientId === clientKey && check.token.network === 'tiktok')
      state.credentials.invalidateGrant(check.token.grantId, 'revoked');
    // An unknown or spent token revokes nothing and is not an error (RFC 7009 §2.2).
    return {};
  });
}
