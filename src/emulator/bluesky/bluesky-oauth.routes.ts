import { FastifyInstance } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { EmulatorError } from '../http/emulator-error';
import { requestParams } from '../http/request-params';
import { redeemCode } from '../state/redeem-code';
import { startSession } from './bluesky-session-tokens';
import { BLUESKY_TOKENS } from './bluesky-tokens';

/** An OAuth error of the token endpoint (RFC 6749 §5.2): `{"error","error_description"}`. */
export class BlueskyOAuthError extends EmulatorError {
  constructor(
    readonly error: string,
    description: string,
    status = 400,
  ) {
    super(status, description);
  }

  body(): { error: string; error_description: string } {
    return { error: this.error, error_description: this.message };
  }
}

/**
 * `/oauth/token`: an authorization code (with its PKCE verifier) for a session. The tokens are the
 * session's JWTs, so refreshSession and deleteSession then work as for an app-password session.
 */
export function registerBlueskyOAuthRoutes(fastify: FastifyInstance, { state }: EmulatorContext): void {
  fastify.post('/oauth/token', async (request) => {
    const params = requestParams(request);
    if (params.grant_type !== 'authorization_code')
      throw new BlueskyOAuthError('unsupported_grant_type', `Unsupported grant_type "${params.grant_type ?? ''}"`);
    const redemption = redeemCode(state, {
      network: 'bluesky',
      value: params.code,
      clientId: params.client_id,
      redirectUri: params.redirect_uri,
      codeVerifier: params.code_verifier,
    });
    if (!redemption.ok) throw new BlueskyOAuthError('invalid_grant', 'Invalid code');
    const user = state.findUser(redemption.code.userId);
    if (!user?.bluesky) throw new BlueskyOAuthError('invalid_grant', 'Invalid code');
    const pair = startSession(state, user.bluesky, user.id);
    return {
      access_token: pair.access.value,
      token_type: 'Bearer',
      refresh_token: pair.refresh.value,
      scope: redemption.code.scopes.join(' '),
      sub: user.bluesky.did,
      expires_in: BLUESKY_TOKENS.access.ttlSeconds.short,
    };
  });
}
