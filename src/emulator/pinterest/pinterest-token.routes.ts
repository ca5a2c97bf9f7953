import { FastifyInstance, FastifyRequest } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { requestParams } from '../http/request-params';
import { IssuedToken } from '../state/credentials';
import { EmulatorState } from '../state/emulator-state';
import { redeemCode } from '../state/redeem-code';
import { issueToken, newGrantId, secondsLeft } from '../state/token-factory';
import { PinterestError, pinterestErrors } from './pinterest-errors';
import { findPinterestAccount } from './pinterest-test-user';
import { PINTEREST_TOKENS } from './pinterest-tokens';

type Grant = Pick<IssuedToken, 'userId' | 'subjectId' | 'clientId' | 'scopes' | 'grantId'>;

/** The app of a call to the token endpoint: HTTP Basic client_id:client_secret (the operation's `basic` security). */
function basicClient(state: EmulatorState, request: FastifyRequest): string {
  const encoded = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  const [id, ...secret] = encoded ? Buffer.from(encoded, 'base64').toString('utf8').split(':') : [];
  if (!id || !state.apps.verify(id, secret.join(':'))) throw pinterestErrors.unauthorized();
  return id;
}

/**
 * The token answer (OauthAccessTokenResponseCode / …Refresh): a new access token and a new
 * continuous refresh token of 60 days, with when it ends, and the scopes comma-separated.
 */
function tokenAnswer(state: EmulatorState, grant: Grant, responseType: 'authorization_code' | 'refresh_token') {
  const access = issueToken(state, { ...grant, network: 'pinterest', kind: PINTEREST_TOKENS.access, lifetime: 'long' });
  const refresh = issueToken(state, {
    ...grant,
    network: 'pinterest',
    kind: PINTEREST_TOKENS.refresh,
    lifetime: 'long',
  });
  return {
    access_token: access.value,
    refresh_token: refresh.value,
    response_type: responseType,
    token_type: 'bearer',
    expires_in: secondsLeft(state, access)!,
    refresh_token_expires_in: secondsLeft(state, refresh)!,
    refresh_token_expires_at: Math.floor(refresh.expiresAt! / 1000),
    scope: grant.scopes.join(','),
  };
}

/**
 * api.pinterest.com/v5/oauth/token: the code exchange and the refresh, the app authenticated with
 * HTTP Basic. A code that is unknown, spent, expired or for another redirect URI is 400 code 1; a
 * refresh token that is unknown, expired or another app's is 401 code 2 (the document gives no
 * example for this operation: the emulator's choice, in Pinterest's shape).
 */
export function registerPinterestTokenRoutes(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;
  fastify.post('/oauth/token', async (request) => {
    const clientId = basicClient(state, request);
    const params = requestParams(request);
    if (params.grant_type === 'authorization_code') {
      for (const name of ['code', 'redirect_uri'])
        if (!params[name]) throw pinterestErrors.invalid(`Missing request body property: ${name}`);
      const redemption = redeemCode(state, {
        network: 'pinterest',
        value: params.code,
        clientId,
        redirectUri: params.redirect_uri,
      });
      if (!redemption.ok) throw pinterestErrors.invalid(`Invalid authorization code (${redemption.problem})`);
      const account = state.findUser(redemption.code.userId)?.pinterest;
      if (!account) throw pinterestErrors.invalid('Invalid authorization code (unknown)');
      const grant: Grant = {
        userId: redemption.code.userId,
        subjectId: account.id,
        clientId,
        scopes: redemption.code.scopes,
        grantId: newGrantId(),
      };
      return tokenAnswer(state, grant, 'authorization_code');
    }
    if (params.grant_type === 'refresh_token') {
      const check = state.credentials.check(params.refresh_token);
      if (!check.ok || check.token.kind !== PINTEREST_TOKENS.refresh.kind || check.token.clientId !== clientId)
        throw pinterestErrors.unauthorized();
      if (!findPinterestAccount(state, check.token.subjectId)) throw pinterestErrors.unauthorized();
      const failing = state.faults.take(
        [{ network: 'pinterest', accountId: check.token.subjectId }],
        ['token_expired', 'token_revoked', 'server_error'],
      )[0];
      if (failing?.kind === 'server_error') throw pinterestErrors.serverError();
      if (failing) throw pinterestErrors.unauthorized();
      const asked = params.scope?.split(/[,\s]+/).filter(Boolean);
      if (asked?.some((scope) => !check.token.scopes.includes(scope)))
        throw pinterestErrors.invalid('A refresh may not ask for scopes the user did not grant');
      return tokenAnswer(state, { ...check.token, scopes: asked ?? check.token.scopes }, 'refresh_token');
    }
    throw new PinterestError(400, 1, `Invalid grant_type: ${params.grant_type ?? '(none)'}`);
  });
}
