import { FastifyReply, FastifyRequest } from 'fastify';
import { EmulatorState } from '../state/emulator-state';
import { IssuedToken } from '../state/credentials';
import { FaultKind } from '../state/faults';
import { xProblems, XUsageCapProblem } from './x-errors';
import { countXCall, rateLimitHeaders, X_LIMITS } from './x-rate-limit';
import { findXProfile, TestXProfile } from './x-test-user';
import { X_TOKENS } from './x-tokens';
import { delayCall } from '../worlds/deferred-delay';

export interface XCall {
  token: IssuedToken;
  profile: TestXProfile;
}

const CALL_FAULTS: readonly FaultKind[] = [
  'token_expired',
  'token_revoked',
  'rate_limited',
  'usage_capped',
  'slow',
  'server_error',
];
export const X_PUBLISH_FAULTS: readonly FaultKind[] = [...CALL_FAULTS, 'duplicate'];

/**
 * The checks of every X API call: a live user access token (401 otherwise, whatever the reason,
 * as X does), the scopes the endpoint needs, the user's rate window and injected faults.
 */
export async function authorizeXCall(
  state: EmulatorState,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { endpoint: keyof typeof X_LIMITS; scopes: string[]; faults?: readonly FaultKind[] },
): Promise<XCall> {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  const check = state.credentials.check(match?.[1]);
  if (!check.ok || check.token.kind !== X_TOKENS.access.kind) throw xProblems.unauthorized();
  const token = check.token;
  const profile = findXProfile(state, token.subjectId)?.profile;
  if (!profile) throw xProblems.unauthorized();
  const missing = options.scopes.filter((scope) => !token.scopes.includes(scope));
  if (missing.length)
    throw xProblems.forbidden(`The access token is missing the scopes this endpoint needs: ${missing.join(', ')}.`);

  const faults = state.faults.take([{ network: 'x', accountId: profile.id }], options.faults ?? CALL_FAULTS);
  const delay = faults.reduce((total, fault) => total + (fault.kind === 'slow' ? (fault.delayMs ?? 0) : 0), 0);
  await delayCall(delay);
  const failing = faults.find((fault) => fault.kind !== 'slow');
  if (failing?.kind === 'token_expired' || failing?.kind === 'token_revoked') throw xProblems.unauthorized();
  if (failing?.kind === 'rate_limited') {
    const resetAt = failing.resetAt ?? state.now() + 15 * 60_000;
    throw xProblems.tooManyRequests(rateLimitHeaders(X_LIMITS[options.endpoint], 0, Math.ceil(resetAt / 1000)));
  }
  // The cap, not the window: the call counts, and the window's headers still show room, as X sends them.
  if (failing?.kind === 'usage_capped')
    throw new XUsageCapProblem(failing.period ?? 'Monthly', countXCall(state, reply, options.endpoint, profile.id));
  if (failing?.kind === 'duplicate') throw xProblems.duplicate();
  if (failing?.kind === 'server_error') throw xProblems.unavailable();

  countXCall(state, reply, options.endpoint, profile.id);
  return { token, profile };
}
