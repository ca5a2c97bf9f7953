import { FastifyReply, FastifyRequest } from 'fastify';
import { IssuedToken } from '../state/credentials';
import { EmulatorState } from '../state/emulator-state';
import { FaultKind } from '../state/faults';
import { delayCall } from '../worlds/deferred-delay';
import { xrpcErrors } from './bluesky-errors';
import { BlueskyLimit, countBlueskyCall, rateLimitHeaders } from './bluesky-rate-limit';
import { findBlueskyProfile, TestBlueskyProfile } from './bluesky-test-user';
import { BLUESKY_TOKENS } from './bluesky-tokens';

export interface BlueskyCall {
  token: IssuedToken;
  profile: TestBlueskyProfile;
}

const CALL_FAULTS: readonly FaultKind[] = ['token_expired', 'token_revoked', 'rate_limited', 'slow', 'server_error'];

/** The bearer of a call, checked as a PDS checks a session JWT: missing 401, expired 400 ExpiredToken, else 400 InvalidToken. */
export function bearerToken(state: EmulatorState, request: FastifyRequest, kind: 'access' | 'refresh'): IssuedToken {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match) throw xrpcErrors.authMissing();
  const check = state.credentials.check(match[1]);
  if (check.ok) {
    if (check.token.kind !== BLUESKY_TOKENS[kind].kind) throw xrpcErrors.badScope();
    return check.token;
  }
  if (check.reason === 'expired') throw xrpcErrors.expiredToken();
  if (check.reason === 'revoked' && check.token?.kind === BLUESKY_TOKENS.refresh.kind) throw xrpcErrors.revokedToken();
  throw xrpcErrors.invalidToken();
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
