import { FastifyInstance } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { requestParams } from '../http/request-params';
import { IssuedToken } from '../state/credentials';
import { EmulatorState } from '../state/emulator-state';
import { redeemCode } from '../state/redeem-code';
import { issueToken, newGrantId } from '../state/token-factory';
import { GoogleOAuthError } from './youtube-errors';
import { YOUTUBE_OFFLINE_GRANTS } from './youtube-stored-objects';
import { YOUTUBE_TOKENS } from './youtube-tokens';

type Grant = Pick<IssuedToken, 'userId' | 'subjectId' | 'clientId' | 'scopes' | 'grantId'>;

function accessAnswer(state: EmulatorState, grant: Grant) {
  const access = issueToken(state, { ...grant, network: 'youtube', kind: YOUTUBE_TOKENS.access, lifetime: 'long' });
  return {
    access_token: access.value,
    expires_in: YOUTUBE_TOKENS.access.ttlSeconds.long,
    scope: grant.scopes.join(' '),
    token_type: 'Bearer',
  };
}

const invalidGrant = (description: string) => new GoogleOAuthError('invalid_grant', description);

/**
 * oauth2.googleapis.com: `/token` (the code exchange and `refresh_token`, the app's id and secret in
 * the form) and `/revoke`. A refresh token comes with `access_type=offline` on the first consent
 * of a user to the app only, or again with `prompt=consent`; a refresh answers an access token
 * alone. `invalid_grant` for a code or refresh token that is spent, expired or revoked.
 */
export function registerYouTubeTokenRoutes(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;
  fastify.post('/token', async (request) => {
    const params = requestParams(request);
    if (!params.client_id || !state.apps.verify(params.client_id, params.client_secret))
      throw new GoogleOAuthError('invalid_client', 'Unauthorized', 401);
    if (params.grant_type === 'authorization_code') {
      if (!params.code || !params.redirect_uri)
        throw new GoogleOAuthError('invalid_request', 'Missing required parameter: code');
      const redemption = redeemCode(state, {
        network: 'youtube',
        value: params.code,
        clientId: params.client_id,
        redirectUri: params.redirect_uri,
      });
      if (!redemption.ok)
        throw redemption.problem === 'redirect_mismatch'
          ? new GoogleOAuthError('redirect_uri_mismatch', 'Bad Request')
          : invalidGrant(redemption.problem === 'unknown' ? 'Malformed auth code.' : 'Bad Request');
      const channel = state.findUser(redemption.code.userId)?.youtube;
      if (!channel) throw invalidGrant('Bad Request');
      const grant: Grant = {
        userId: redemption.code.userId,
        subjectId: channel.id,
        clientId: params.client_id,
        scopes: redemption.code.scopes,
        grantId: newGrantId(),
      };
      const kept = redemption.code.kept ?? {};
      const offline = state.objects.of(YOUTUBE_OFFLINE_GRANTS);
      const key = `${grant.userId}:${grant.clientId}`;
      const consentedBefore = offline.get(key) === true;
      const prompted = (kept.prompt ?? '').split(' ').includes('consent');
      const refresh =
        kept.access_type === 'offline' && (!consentedBefore || prompted)
          ? issueToken(state, { ...grant, network: 'youtube', kind: YOUTUBE_TOKENS.refresh, lifetime: 'long' })
          : undefined;
      if (kept.access_type === 'offline') offline.set(key, true);
      return { ...accessAnswer(state, grant), ...(refresh ? { refresh_token: refresh.value } : {}) };
    }
    if (params.grant_type === 'refresh_token') {
      const check = state.credentials.check(params.refresh_token);
      if (!check.ok || check.token.kind !== YOUTUBE_TOKENS.refresh.kind || check.token.clientId !== params.client_id)
        throw invalidGrant('Token has been expired or revoked.');
      const failing = state.faults.take(
        [{ network: 'youtube', accountId: check.token.subjectId }],
        ['token_expired', 'token_revoked', 'server_error'],
      )[0];
      if (failing?.kind === 'server_error') throw new GoogleOAuthError('internal_failure', 'Backend Error', 500);
      if (failing) {
        state.credentials.invalidateGrant(check.token.grantId, 'revoked');
        throw invalidGrant('Token has been expired or revoked.');
      }
      return accessAnswer(state, check.token);
    }
    throw new GoogleOAuthError('unsupported_grant_type', `Invalid grant_type: ${params.grant_type ?? ''}`);
  });

  // Revoking an access token or a refresh token ends the whole grant (developers.google.com/identity/protocols/oauth2/web-server#tokenrevoke).
  fastify.post('/revoke', async (request, reply) => {
    const params = requestParams(request);
    const token = params.token ? state.credentials.findToken(params.token) : undefined;
    if (!token || token.network !== 'youtube' || token.invalidated)
      throw new GoogleOAuthError('invalid_token', 'Token expired or revoked');
    state.credentials.invalidateGrant(token.grantId, 'revoked');
    return reply.status(200).send({});
  });
}
