import { randomBase62 } from '../../common/ids';
import { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EmulatorContext } from '../emulator-context';
import { requestParams } from '../http/request-params';
import { requestPath } from '../http/public-url';
import { EmulatorState } from '../state/emulator-state';
import { redeemCode } from '../state/redeem-code';
import { BLUESKY_SCOPES } from './bluesky-consent';
import { checkDpopProof, currentNonce } from './bluesky-dpop-proof';
import { authenticateClient, KnownClient, loadClient } from './bluesky-oauth-clients';
import { BlueskyOAuthError } from './bluesky-oauth-error';
import {
  BOUND_GRANTS,
  boundGrant,
  blueskyBaseUrl,
  PAR_LIFETIME_SECONDS,
  PUSHED_REQUESTS,
  pushedRequestFor,
  rememberPublicUrl,
} from './bluesky-oauth-grants';
import { OAUTH_TTL_SECONDS, rotateOAuthSession, SessionPair, startOAuthSession } from './bluesky-session-tokens';
import { BLUESKY_TOKENS } from './bluesky-tokens';
import { findBlueskyProfile } from './bluesky-test-user';

export { BlueskyOAuthError } from './bluesky-oauth-error';

/**
 * The authorization server of atproto OAuth (https://atproto.com/specs/oauth), as strict as the
 * reference server (@atproto/oauth-provider) for what the service uses: its metadata, pushed
 * authorization requests required, DPoP on every call (proof checked, `use_dpop_nonce` first),
 * confidential clients authenticated with `private_key_jwt`, PKCE S256, tokens bound to the
 * PAR's key, refresh tokens rotated (a replayed one ends the session), and revocation.
 */
export function registerBlueskyOAuthRoutes(fastify: FastifyInstance, { state, publicUrl }: EmulatorContext): void {
  const issuerOf = (request: FastifyRequest) => blueskyBaseUrl(request, publicUrl);
  // Every Bluesky route (XRPC included) checks proofs against the URL the caller used.
  fastify.addHook('onRequest', async (request) => rememberPublicUrl(request, publicUrl));

  /** The proof of a call to the authorization server: its key's thumbprint, or the refusal (with a nonce to use). */
  const proofOf = (request: FastifyRequest, reply: FastifyReply): string => {
    const proof = checkDpopProof(state, request, { publicUrl });
    void reply.header('DPoP-Nonce', currentNonce(state));
    if (proof.ok) return proof.jkt;
    throw new BlueskyOAuthError(proof.problem, proof.message, 400, { 'DPoP-Nonce': currentNonce(state) });
  };

  /** The client of a request, authenticated: its metadata document fetched, its assertion checked. */
  const clientOf = async (request: FastifyRequest): Promise<KnownClient> => {
    const params = requestParams(request);
    const client = await loadClient(params.client_id);
    authenticateClient(state, client, params, issuerOf(request));
    return client;
  };

  fastify.get('/.well-known/oauth-authorization-server', async (request) => {
    const issuer = issuerOf(request);
    return {
      issuer,
      pushed_authorization_request_endpoint: `${issuer}/oauth/par`,
      authorization_endpoint: `${issuer}/oauth/authorize`,
      token_endpoint: `${issuer}/oauth/token`,
      revocation_endpoint: `${issuer}/oauth/revoke`,
      require_pushed_authorization_requests: true,
      response_types_supported: ['code'],
      response_modes_supported: ['query', 'fragment', 'form_post'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      dpop_signing_alg_values_supported: ['ES256'],
      token_endpoint_auth_methods_supported: ['none', 'private_key_jwt'],
      token_endpoint_auth_signing_alg_values_supported: ['ES256'],
      scopes_supported: [...BLUESKY_SCOPES],
      subject_types_supported: ['public'],
      authorization_response_iss_parameter_supported: true,
      client_id_metadata_document_supported: true,
    };
  });

  fastify.get('/.well-known/oauth-protected-resource', async (request) => {
    const base = issuerOf(request);
    return {
      resource: base,
      authorization_servers: [base],
      scopes_supported: [],
      bearer_methods_supported: ['header'],
      resource_documentation: 'https://atproto.com',
    };
  });

  fastify.post('/oauth/par', async (request, reply) => {
    const jkt = proofOf(request, reply);
    const client = await clientOf(request);
    const params = requestParams(request);
    if (params.request_uri !== undefined)
      throw new BlueskyOAuthError('invalid_request', 'request_uri is not allowed in a PAR');
    if (params.response_type !== 'code')
      throw new BlueskyOAuthError('unsupported_response_type', 'response_type must be code');
    if (!params.redirect_uri || !client.redirectUris.includes(params.redirect_uri))
      throw new BlueskyOAuthError(
        'invalid_request',
        'Invalid redirect_uri: not one of the client metadata redirect_uris',
      );
    const scopes = (params.scope ?? '').split(' ').filter(Boolean);
    if (!scopes.includes('atproto')) throw new BlueskyOAuthError('invalid_scope', 'The "atproto" scope is required');
    const unknown = scopes.filter((scope) => !BLUESKY_SCOPES.has(scope) || !client.scopes.includes(scope));
    if (unknown.length)
      throw new BlueskyOAuthError('invalid_scope', `Scope not allowed for this client: ${unknown.join(' ')}`);
    if (!params.state) throw new BlueskyOAuthError('invalid_request', 'state is required');
    if (params.code_challenge_method !== 'S256' || !/^[A-Za-z0-9_-]{43,128}$/.test(params.code_challenge ?? ''))
      throw new BlueskyOAuthError('invalid_request', 'code_challenge with code_challenge_method S256 is required');
    const requestUri = `urn:ietf:params:oauth:request_uri:req-${randomBase62(32)}${state.credentialSuffix}`;
    const kept: Record<string, string> = {};
    for (const name of [
      'client_id',
      'response_type',
      'redirect_uri',
      'scope',
      'state',
      'code_challenge',
      'code_challenge_method',
      'login_hint',
    ])
      if (params[name] !== undefined) kept[name] = params[name];
    state.objects.of(PUSHED_REQUESTS).set(requestUri, {
      requestUri,
      clientId: client.clientId,
      params: kept,
      jkt,
      expiresAt: state.now() + PAR_LIFETIME_SECONDS * 1000,
      used: false,
    });
    return reply.status(201).send({ request_uri: requestUri, expires_in: PAR_LIFETIME_SECONDS });
  });

  // The callback names this server as its issuer (RFC 9207), by the URL the browser reached it at.
  fastify.addHook('onSend', async (request, reply, payload) => {
    const location = reply.getHeader('location');
    if (!requestPath(request).endsWith('/oauth/authorize') || typeof location !== 'string') return payload;
    const url = new URL(location);
    if (url.searchParams.has('iss')) {
      url.searchParams.set('iss', issuerOf(request));
      void reply.header('location', url.toString());
    }
    return payload;
  });

  fastify.post('/oauth/token', async (request, reply) => {
    const jkt = proofOf(request, reply);
    const client = await clientOf(request);
    const params = requestParams(request);
    void reply.header('Cache-Control', 'no-store');
    if (params.grant_type === 'authorization_code') return redeem(state, client, params, jkt);
    if (params.grant_type === 'refresh_token') return refresh(state, client, params, jkt);
    throw new BlueskyOAuthError('unsupported_grant_type', `Unsupported grant_type "${params.grant_type ?? ''}"`);
  });

  fastify.post('/oauth/revoke', async (request, reply) => {
    const jkt = proofOf(request, reply);
    const client = await clientOf(request);
    const token = state.credentials.findToken(requestParams(request).token ?? '');
    const grant = token && boundGrant(state, token.grantId);
    // RFC 7009 §2.2: an unknown or foreign token is answered 200 all the same.
    if (token && grant && grant.clientId === client.clientId && grant.jkt === jkt) {
      if (token.kind === BLUESKY_TOKENS.refresh.kind) state.credentials.invalidateGrant(token.grantId, 'revoked');
      else token.invalidated = 'revoked';
    }
    return {};
  });
}

function tokenAnswer(pair: SessionPair, scopes: readonly string[], did: string) {
  return {
    access_token: pair.access.value,
    token_type: 'DPoP',
    expires_in: OAUTH_TTL_SECONDS.access,
    refresh_token: pair.refresh.value,
    scope: scopes.join(' '),
    sub: did,
  };
}

function redeem(state: EmulatorState, client: KnownClient, params: Record<string, string | undefined>, jkt: string) {
  const code = params.code ? state.credentials.findCode(params.code) : undefined;
  const pushed = code?.codeChallenge ? pushedRequestFor(state, client.clientId, code.codeChallenge) : undefined;
  // The code is redeemed with a proof of the key its PAR was made with.
  if (pushed && pushed.jkt !== jkt)
    throw new BlueskyOAuthError('invalid_dpop_proof', 'DPoP proof does not match the one used for PAR');
  const redemption = redeemCode(state, {
    network: 'bluesky',
    value: params.code,
    clientId: client.clientId,
    redirectUri: params.redirect_uri,
    codeVerifier: params.code_verifier,
  });
  if (!redemption.ok || !pushed) throw new BlueskyOAuthError('invalid_grant', 'Invalid code');
  const user = state.findUser(redemption.code.userId);
  if (!user?.bluesky) throw new BlueskyOAuthError('invalid_grant', 'Invalid code');
  const scopes = redemption.code.scopes;
  const pair = startOAuthSession(state, user.bluesky, user.id, { clientId: client.clientId, scopes, jkt });
  state.objects.of(BOUND_GRANTS).set(pair.access.grantId, { clientId: client.clientId, jkt, scopes: [...scopes] });
  state.objects.of(PUSHED_REQUESTS).delete(pushed.requestUri);
  return tokenAnswer(pair, scopes, user.bluesky.did);
}

function refresh(state: EmulatorState, client: KnownClient, params: Record<string, string | undefined>, jkt: string) {
  const check = state.credentials.check(params.refresh_token);
  const token = check.token;
  const grant = token && token.kind === BLUESKY_TOKENS.refresh.kind ? boundGrant(state, token.grantId) : undefined;
  if (!token || !grant || grant.clientId !== client.clientId)
    throw new BlueskyOAuthError('invalid_grant', 'Invalid refresh token');
  if (grant.jkt !== jkt)
    throw new BlueskyOAuthError('invalid_dpop_proof', 'DPoP proof does not match the token binding');
  if (!check.ok) {
    // A rotated refresh token used again: somebody else may hold it, so the whole session ends.
    if (check.reason === 'rotated') {
      state.credentials.invalidateGrant(token.grantId, 'revoked');
      throw new BlueskyOAuthError('invalid_grant', 'Refresh token replayed');
    }
    throw new BlueskyOAuthError(
      'invalid_grant',
      check.reason === 'expired' ? 'Refresh token expired' : 'Invalid refresh token',
    );
  }
  const profile = findBlueskyProfile(state, token.subjectId)?.profile;
  if (!profile) throw new BlueskyOAuthError('invalid_grant', 'Invalid refresh token');
  const pair = rotateOAuthSession(state, token, profile, { clientId: client.clientId, scopes: grant.scopes, jkt });
  return tokenAnswer(pair, grant.scopes, profile.did);
}
