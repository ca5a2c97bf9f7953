import { FastifyRequest } from 'fastify';
import { GraphError } from '../graph/graph-error';
import { graphErrors } from '../graph/graph-errors';
import { applyGraphFaults, CALL_FAULTS, presentedGraphToken, requireGraphToken } from '../graph/graph-access';
import { Params, requestParams } from '../http/request-params';
import { IssuedToken } from '../state/credentials';
import { EmulatorState } from '../state/emulator-state';
import { FaultKind } from '../state/faults';
import { findThreadsProfile, TestThreadsProfile } from './threads-test-user';

/**
 * Threads answers in Graph's error envelope, with `is_transient` as Instagram's host does (the
 * error integrators report for a container published too early carries it).
 */
export const threadsError = (error: GraphError): GraphError => error.forInstagram();

/** The fault kinds any authenticated Threads call can suffer: those of any Graph call. */
export const THREADS_CALL_FAULTS: readonly FaultKind[] = CALL_FAULTS;

/** The token of a Threads call, or the Graph error graph.threads.net answers. */
export function requireThreadsToken(state: EmulatorState, request: FastifyRequest, params: Params): IssuedToken {
  return requireGraphToken(state, 'threads', presentedGraphToken(request, params));
}

/** Applies the injected faults for the profile: waits for `slow`, then throws the first failing one. */
export function applyThreadsFaults(
  state: EmulatorState,
  userId: string,
  kinds: readonly FaultKind[] = THREADS_CALL_FAULTS,
): Promise<void> {
  return applyGraphFaults(state, [{ network: 'threads', accountId: userId }], kinds);
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
