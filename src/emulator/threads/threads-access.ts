import { FastifyRequest } from 'fastify';
import { GraphError } from '../graph/graph-error';
import { graphErrors } from '../graph/graph-errors';
import { presentedGraphToken } from '../graph/graph-access';
import { Params, requestParams } from '../http/request-params';
import { IssuedToken } from '../state/credentials';
import { EmulatorState } from '../state/emulator-state';
import { FaultKind } from '../state/faults';
import { delayCall } from '../worlds/deferred-delay';
import { findThreadsProfile, TestThreadsProfile } from './threads-test-user';

/**
 * Threads answers in Graph's error envelope, with `is_transient` as Instagram's host does (the
 * error integrators report for a container published too early carries it).
 */
export const threadsError = (error: GraphError): GraphError => error.forInstagram();

/** The fault kinds any authenticated Threads call can suffer. */
export const THREADS_CALL_FAULTS: readonly FaultKind[] = [
  'token_expired',
  'token_revoked',
  'rate_limited',
  'slow',
  'server_error',
  'session_invalid',
  'app_limit',
  'policy_block',
];

/** The token of a Threads call, or the Graph error graph.threads.net answers. */
export function requireThreadsToken(state: EmulatorState, request: FastifyRequest, params: Params): IssuedToken {
  const value = presentedGraphToken(request, params);
  if (!value) throw threadsError(graphErrors.missingToken());
  const check = state.credentials.check(value);
  if (check.ok) {
    if (check.token.network !== 'threads') throw threadsError(graphErrors.unparsableToken());
    return check.token;
  }
  switch (check.reason) {
    case 'expired':
      throw threadsError(graphErrors.tokenExpired(check.token?.expiresAt ?? state.now(), state.now()));
    case 'app_removed':
      throw threadsError(graphErrors.appRemoved(check.token?.clientId ?? ''));
    case 'revoked':
    case 'rotated':
      throw threadsError(graphErrors.sessionInvalidated(467));
    default:
      throw threadsError(graphErrors.unparsableToken());
  }
}

/** Applies the injected faults for the profile: waits for `slow`, then throws the first failing one. */
export async function applyThreadsFaults(
  state: EmulatorState,
  userId: string,
  kinds: readonly FaultKind[] = THREADS_CALL_FAULTS,
): Promise<void> {
  const faults = state.faults.take([{ network: 'threads', accountId: userId }], kinds);
  await delayCall(faults.reduce((total, fault) => total + (fault.kind === 'slow' ? (fault.delayMs ?? 0) : 0), 0));
  const failing = faults.find((fault) => fault.kind !== 'slow');
  if (!failing) return;
  const now = state.now();
  const errors: Partial<Record<FaultKind, () => GraphError>> = {
    token_expired: () => graphErrors.tokenExpired(now, now),
    token_revoked: () => graphErrors.sessionInvalidated(failing.subcode ?? 460),
    // Graph's user-level throttle (code 17): Threads publishes no usage headers to wait by.
    rate_limited: () =>
      new GraphError({ code: 17, message: '(#17) User request limit reached', isTransient: true, status: 400 }),
    duplicate: () => graphErrors.duplicate(),
    session_invalid: () => graphErrors.sessionInvalid(),
    app_limit: () => graphErrors.appLimitReached(),
    policy_block: () => graphErrors.policyBlock(),
  };
  throw threadsError((errors[failing.kind] ?? graphErrors.transient)());
}

/** Whether a token carries every one of the permissions. */
export function hasThreadsScopes(token: IssuedToken, scopes: readonly string[]): boolean {
  return scopes.every((scope) => token.scopes.includes(scope));
}

export interface ThreadsCall {
  params: Params;
  token: IssuedToken;
  profile: TestThreadsProfile;
}

/**
 * An authenticated call about the token's own profile (`me` or its id): the token, the faults, and
 * the permissions the reference pages name for the call (a missing one is code 10, as Graph says).
 */
export async function authorizeThreadsCall(
  state: EmulatorState,
  request: FastifyRequest,
  userId: string | undefined,
  scopes: readonly string[] = ['threads_basic'],
  faults: readonly FaultKind[] = THREADS_CALL_FAULTS,
): Promise<ThreadsCall> {
  const params = requestParams(request);
  const token = requireThreadsToken(state, request, params);
  const profile = findThreadsProfile(state, token.subjectId)?.profile;
  if (!profile) throw threadsError(graphErrors.unparsableToken());
  if (userId !== undefined && userId !== 'me' && userId !== profile.id)
    throw threadsError(graphErrors.unknownObject(userId, request.method === 'GET' ? 'get' : 'post'));
  await applyThreadsFaults(state, profile.id, faults);
  requireScopes(token, scopes);
  return { params, token, profile };
}

export function requireScopes(token: IssuedToken, scopes: readonly string[]): void {
  const missing = scopes.filter((scope) => !token.scopes.includes(scope));
  if (missing.length)
    throw threadsError(
      graphErrors.permission(10, `Application does not have permission for this action (needs ${missing.join(', ')})`),
    );
}
