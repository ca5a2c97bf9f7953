import { FastifyInstance, FastifyRequest } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { requestParams } from '../http/request-params';
import { IssuedToken } from '../state/credentials';
import { EmulatorState } from '../state/emulator-state';
import { redeemCode } from '../state/redeem-code';
import { issueToken, newGrantId } from '../state/token-factory';
import { XOAuthError, xProblems } from './x-errors';
import { X_TOKENS } from './x-tokens';

/**
 * The client of a confidential-client call: `Authorization: Basic base64(client_id:client_secret)`,
 * refused unless the secret is the app's.
 */
function basicClientId(request: FastifyRequest, state: EmulatorState): string {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(request.headers.authorization ?? '');
  const decoded = match ? Buffer.from(match[1], 'base64').toString('utf8') : '';
  const colon = decoded.indexOf(':');
  if (colon <= 0 || colon === decoded.length - 1)
    throw new XOAuthError('unauthorized_client', 'Missing valid authorization header', 401);
  const clientId = decodeURIComponent(decoded.slice(0, colon));
  if (!state.apps.verify(clientId, decodeURIComponent(decoded.slice(colon + 1)))) {
    throw new XOAuthError('unauthorized_client', 'Missing valid authorization header', 401);
  }
  return clientId;
}

function issueTokens(
  state: EmulatorState,
  from: Pick<IssuedToken, 'userId' | 'subjectId' | 'clientId' | 'scopes' | 'grantId'>,
) {
  const grant = {
    userId: from.userId,
    subjectId: from.subjectId,
    clientId: from.clientId,
    scopes: from.scopes,
    grantId: from.grantId,
  };
  const access = issueToken(state, { ...grant, network: 'x', kind: X_TOKENS.access, lifetime: 'short' });
  // A refresh token comes only with offline.access; each one is good for a single refresh.
  const refresh = grant.scopes.includes('offline.access')
    ? issueToken(state, { ...grant, network: 'x', kind: X_TOKENS.refresh, lifetime: 'long' })
    : undefined;
  return {
    token_type: 'bearer',
    expires_in: X_TOKENS.access.ttlSeconds.short,
    access_token: access.value,
    scope: grant.scopes.join(' '),
    ...(refresh ? { refresh_token: refresh.value } : {}),
  };
}

/** X's token endpoint (authorization_code with PKCE, rotating refresh_token) and revoke. */
export function registerXOAuthRoutes(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;

  fastify.post('/2/oauth2/token', async (request) => {
    const clientId = basicClientId(request, state);
    const params = requestParams(request);
    if (params.grant_type === 'authorization_code') {
      const redemption = redeemCode(state, {
        network: 'x',
        value: params.code,
        clientId,
        redirectUri: params.redirect_uri,
        codeVerifier: params.code_verifier,
      });
      if (!redemption.ok)
        throw new XOAuthError('invalid_request', 'Value passed for the authorization code was invalid.');
      const profile = state.findUser(redemption.code.userId)?.x;
      if (!profile) throw new XOAuthError('invalid_request', 'Value passed for the authorization code was invalid.');
      return issueTokens(state, {
        userId: redemption.code.userId,
        subjectId: profile.id,
        clientId,
        scopes: redemption.code.scopes,
        grantId: newGrantId(),
      });
    }
    if (params.grant_type === 'refresh_token') {
      const check = state.credentials.check(params.refresh_token);
      if (!check.ok || check.token.kind !== X_TOKENS.refresh.kind || check.token.clientId !== clientId)
        throw new XOAuthError('invalid_request', 'Value passed for the token was invalid.');
      const failing = state.faults.take(
        [{ network: 'x', accountId: check.token.subjectId }],
        ['token_expired', 'token_revoked', 'server_error'],
      )[0];
      if (failing?.kind === 'server_error') throw xProblems.unavailable();
      if (failing) throw new XOAuthError('invalid_request', 'Value passed for the token was invalid.');
      check.token.invalidated = 'rotated';
      return issueTokens(state, check.token);
    }
    if (!params.grant_type) throw new XOAuthError('invalid_request', 'Missing required parameter [grant_type].');
    throw new XOAuthError('unsupported_grant_type', `Unsupported grant_type: ${params.grant_type}`);
  });

  // Revoking either token of a grant ends the whole grant (RFC 7009: unknown tokens are not an error).
  fastify.post('/2/oauth2/revoke', async (request) => {
    const clientId = basicClientId(request, state);
    const params = requestParams(request);
    if (!params.token) throw new XOAuthError('invalid_request', 'Missing required parameter [token].');
    const candidate = state.credentials.findToken(params.token);
    const found = candidate?.network === 'x' ? candidate : undefined;
    if (found && found.clientId === clientId) {
      state.credentials.invalidateGrant(found.grantId, 'revoked');
    }
    return { revoked: true };
  });
}
