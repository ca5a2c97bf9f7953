import { FastifyInstance } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { exchangeLoginCode, registerLongLivedTokenRoutes } from '../graph/meta-login-tokens';
import { requestParams } from '../http/request-params';
import { InstagramTokenError } from './instagram-token-error';
import { INSTAGRAM_TOKENS } from './instagram-tokens';

/** A long-lived token can be refreshed once it is at least a day old. */
const REFRESH_MIN_AGE_MS = 24 * 3600_000;

/** `POST api.instagram.com/oauth/access_token`: code → short-lived token, in the selected answer shape. */
export function registerInstagramCodeExchange(fastify: FastifyInstance, context: EmulatorContext): void {
  const { state } = context;
  fastify.post('/access_token', async (request) => {
    const { token, subjectId } = exchangeLoginCode(state, requestParams(request), {
      network: 'instagram',
      kind: INSTAGRAM_TOKENS.instagram,
      subjectOf: (user) => user.instagram?.id,
      // api.instagram.com answers in its own shape, not Graph's envelope.
      refuse: (message) => new InstagramTokenError(message),
      missing: (name) => `Missing required field ${name}`,
      wrongGrant: 'Invalid grant_type: only authorization_code is supported',
    });
    if (state.settings.instagramTokenShape === 'flat')
      return { access_token: token.value, user_id: subjectId, permissions: token.scopes };
    return { data: [{ access_token: token.value, user_id: subjectId, permissions: token.scopes.join(',') }] };
  });
}

/** graph.instagram.com's unversioned token endpoints: long-lived exchange and refresh. */
export function registerInstagramTokenRoutes(fastify: FastifyInstance, context: EmulatorContext): void {
  registerLongLivedTokenRoutes(fastify, context.state, {
    network: 'instagram',
    kind: INSTAGRAM_TOKENS.instagram,
    grants: { exchange: 'ig_exchange_token', refresh: 'ig_refresh_token' },
    refreshMinAgeMs: REFRESH_MIN_AGE_MS,
  });
}
