import { FastifyReply, FastifyRequest } from 'fastify';
import { IssuedToken } from '../state/credentials';
import { EmulatorState } from '../state/emulator-state';
import { FaultKind } from '../state/faults';
import { delayCall } from '../worlds/deferred-delay';
import { checkDpopProof, currentNonce } from './bluesky-dpop-proof';
import { XrpcError, xrpcErrors } from './bluesky-errors';
import { boundGrant, publicUrlOf } from './bluesky-oauth-grants';
import { BlueskyLimit, countBlueskyCall, rateLimitHeaders } from './bluesky-rate-limit';
import { findBlueskyProfile, TestBlueskyProfile } from './bluesky-test-user';
import { BLUESKY_TOKENS } from './bluesky-tokens';

export interface BlueskyCall {
  token: IssuedToken;
  profile: TestBlueskyProfile;
}

const CALL_FAULTS: readonly FaultKind[] = ['token_expired', 'token_revoked', 'rate_limited', 'slow', 'server_error'];

/**
 * The token of a call, checked as a PDS checks it. An app-password session's JWT comes as a bearer:
 * missing 401, expired 400 ExpiredToken, else 400 InvalidToken. An OAuth session's token comes as
 * `DPoP <token>` with a proof of the key it is bound to (RFC 9449 §7): a proof without the current
 * nonce is 401 `use_dpop_nonce` (with the nonce), a bad proof or another key's 401
 * `invalid_dpop_proof`, the token as a bearer 401 InvalidToken. OAuth tokens never refresh or end
 * an app-password session (`kind` refresh).
 */
export function bearerToken(state: EmulatorState, request: FastifyRequest, kind: 'access' | 'refresh'): IssuedToken {
  const match = /^(Bearer|DPoP)\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match) throw xrpcErrors.authMissing();
  const dpop = match[1].toLowerCase() === 'dpop';
  const check = state.credentials.check(match[2]);
  const grant = check.token ? boundGrant(state, check.token.grantId) : undefined;
  if (grant) {
    if (kind === 'refresh' || !dpop)
      throw dpopRefusal('InvalidToken', 'OAuth tokens are meant for PDS access only, as DPoP');
    const proof = checkDpopProof(state, request, { publicUrl: publicUrlOf(request), accessToken: match[2] });
    if (!proof.ok && proof.problem === 'use_dpop_nonce')
      throw dpopRefusal('use_dpop_nonce', 'Resource server requires nonce in DPoP proof', currentNonce(state));
    if (!proof.ok) throw dpopRefusal('invalid_dpop_proof', proof.message);
    if (proof.jkt !== grant.jkt) throw dpopRefusal('invalid_dpop_proof', 'DPoP proof does not match the token binding');
  } else if (dpop) throw xrpcErrors.invalidToken();
  if (check.ok) {
    if (check.token.kind !== BLUESKY_TOKENS[kind].kind) throw xrpcErrors.badScope();
    return check.token;
  }
  if (check.reason === 'expired') throw xrpcErrors.expiredToken();
  if (check.reason === 'revoked' && check.token?.kind === BLUESKY_TOKENS.refresh.kind) throw xrpcErrors.revokedToken();
  throw xrpcErrors.invalidToken();
}

/** A resource server's DPoP refusal (RFC 9449 §7.1): 401, the reason in WWW-Authenticate, the nonce to use when it is one. */
function dpopRefusal(error: string, message: string, nonce?: string): XrpcError {
  return new XrpcError(401, error, message, {
    'WWW-Authenticate': `DPoP error="${error}", error_description="${message}"`,
    ...(nonce === undefined ? {} : { 'DPoP-Nonce': nonce }),
  });
}

/**
 * The checks of every authenticated call: a live access token of an account that exists, injected
 * faults (as the PDS would answer them), and the account's rate window.
 */
export async function authorizeBlueskyCall(
  state: EmulatorState,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { limit?: BlueskyLimit; points?: number } = {},
): Promise<BlueskyCall> {
  const token = bearerToken(state, request, 'access');
  // An OAuth session's calls learn the PDS's nonce from every answer, as a PDS sends it.
  if (boundGrant(state, token.grantId)) void reply.header('DPoP-Nonce', currentNonce(state));
  const profile = findBlueskyProfile(state, token.subjectId)?.profile;
  if (!profile) throw xrpcErrors.invalidToken();

  const faults = state.faults.take([{ network: 'bluesky', accountId: profile.did }], CALL_FAULTS);
  await delayCall(faults.reduce((total, fault) => total + (fault.kind === 'slow' ? (fault.delayMs ?? 0) : 0), 0));
  const failing = faults.find((fault) => fault.kind !== 'slow');
  if (failing?.kind === 'token_expired') throw xrpcErrors.expiredToken();
  if (failing?.kind === 'token_revoked') throw xrpcErrors.invalidToken();
  if (failing?.kind === 'rate_limited') {
    const resetAt = failing.resetAt ?? state.now() + 5 * 60_000;
    throw xrpcErrors.rateLimited(rateLimitHeaders(options.limit ?? 'calls', 0, Math.ceil(resetAt / 1000)));
  }
  if (failing?.kind === 'server_error') throw xrpcErrors.internal();

  countBlueskyCall(state, reply, 'calls', profile.did);
  if (options.limit && options.limit !== 'calls')
    countBlueskyCall(state, reply, options.limit, profile.did, options.points ?? 1);
  return { token, profile };
}
