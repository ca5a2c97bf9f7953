import { createHmac, timingSafeEqual } from 'node:crypto';
import { FastifyRequest } from 'fastify';
import { Params } from '../http/request-params';
import { IssuedToken } from '../state/credentials';
import { EmulatorState } from '../state/emulator-state';
import { CallSubjects, FaultKind } from '../state/faults';
import { GraphError } from './graph-error';
import { graphErrors } from './graph-errors';
import { delayCall } from '../worlds/deferred-delay';

/** Which Graph host a route belongs to; each accepts only its own login's tokens. */
export type GraphHost = 'facebook' | 'instagram';

/**
 * The networks whose hosts answer in Graph's error envelope: the Graph hosts and graph.threads.net,
 * which checks its tokens and throttles as Instagram's host does (in its shape, with `is_transient`).
 */
export type GraphNetwork = GraphHost | 'threads';

/** The access token of a Graph call: the `access_token` parameter, or an `Authorization: Bearer|OAuth` header. */
export function presentedGraphToken(request: FastifyRequest, params: Params): string | undefined {
  if (params.access_token) return params.access_token;
  const match = /^(?:Bearer|OAuth)\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/** The token behind a Graph call, or the Graph error the real host would answer. */
export function requireGraphToken(
  state: EmulatorState,
  host: GraphNetwork,
  value: string | undefined,
  instagram = host !== 'facebook',
): IssuedToken {
  const raise = (error: GraphError): never => {
    throw instagram ? error.forInstagram() : error;
  };
  if (!value) return raise(graphErrors.missingToken());
  const check = state.credentials.check(value);
  if (check.ok) {
    if (check.token.network !== host) return raise(graphErrors.unparsableToken());
    return check.token;
  }
  switch (check.reason) {
    case 'expired':
      return raise(graphErrors.tokenExpired(check.token?.expiresAt ?? state.now(), state.now()));
    case 'app_removed':
      return raise(graphErrors.appRemoved(check.token?.clientId ?? ''));
    case 'revoked':
    case 'rotated':
      return raise(graphErrors.sessionInvalidated(467));
    default:
      return raise(graphErrors.unparsableToken());
  }
}

/**
 * Checks a call's `appsecret_proof` (developers.facebook.com/docs/graph-api/securing-requests): the
 * HMAC-SHA256 of the token keyed with the secret of the app the token was issued to, in hex; with
 * `appsecret_time`, of `token|time`. A proof sent is always checked; an app with "Require App
 * Secret" on also refuses a call without one. Only graph.facebook.com does this: Instagram Login's
 * host documents no such parameter.
 */
export function checkAppSecretProof(state: EmulatorState, token: IssuedToken, params: Params): void {
  if (token.network !== 'facebook') return;
  const proof = params.appsecret_proof;
  if (proof === undefined) {
    if (state.apps.requiresAppSecretProof(token.clientId)) throw graphErrors.appSecretProofRequired();
    return;
  }
  const secret = state.apps.secretOf(token.clientId);
  const signed = params.appsecret_time === undefined ? token.value : `${token.value}|${params.appsecret_time}`;
  const expected = secret === undefined ? undefined : createHmac('sha256', secret).update(signed).digest();
  const given = /^[0-9a-f]{64}$/i.test(proof) ? Buffer.from(proof, 'hex') : undefined;
  if (!expected || !given || !timingSafeEqual(expected, given)) throw graphErrors.invalidAppSecretProof();
}

/**
 * The token behind an authenticated Graph call, its proof checked: every Graph route's way in, so
 * "Require App Secret" holds on each of them.
 */
export function requireGraphCall(
  state: EmulatorState,
  host: GraphNetwork,
  request: FastifyRequest,
  params: Params,
  instagram = host !== 'facebook',
): IssuedToken {
  const token = requireGraphToken(state, host, presentedGraphToken(request, params), instagram);
  try {
    checkAppSecretProof(state, token, params);
  } catch (error) {
    throw instagram && error instanceof GraphError ? error.forInstagram() : error;
  }
  return token;
}

/** The fault kinds any authenticated Graph call can suffer. */
export const CALL_FAULTS: readonly FaultKind[] = [
  'token_expired',
  'token_revoked',
  'rate_limited',
  'slow',
  'server_error',
  'session_invalid',
  'app_limit',
  'policy_block',
];
/** Publishing calls can also be refused as duplicates. */
export const PUBLISH_FAULTS: readonly FaultKind[] = [...CALL_FAULTS, 'duplicate'];

/**
 * Applies the injected faults for the accounts a call acts for: waits for `slow`, then throws the
 * first failing one in Graph's shape (Instagram's when the call is about an Instagram or Threads
 * account).
 */
export async function applyGraphFaults(
  state: EmulatorState,
  subjects: CallSubjects,
  kinds: readonly FaultKind[] = CALL_FAULTS,
): Promise<void> {
  const faults = state.faults.take(subjects, kinds);
  const delay = faults.reduce((total, fault) => total + (fault.kind === 'slow' ? (fault.delayMs ?? 0) : 0), 0);
  await delayCall(delay);
  const failing = faults.find((fault) => fault.kind !== 'slow');
  if (!failing) return;
  const now = state.now();
  const accountId =
    failing.accountId ?? subjects.find((subject) => subject.network === failing.network)?.accountId ?? '';
  const resetAt = failing.resetAt ?? now + 15 * 60_000;
  let error: GraphError;
  switch (failing.kind) {
    case 'token_expired':
      error = graphErrors.tokenExpired(now, now);
      break;
    case 'token_revoked':
      error = graphErrors.sessionInvalidated(failing.subcode ?? 460);
      break;
    case 'rate_limited':
      // Threads publishes no usage headers to wait by: its throttle is Graph's user-level one.
      if (failing.network === 'threads') error = graphErrors.userRequestLimit();
      else if (failing.network === 'instagram') error = graphErrors.instagramRateLimited(accountId, resetAt, now);
      else error = graphErrors.pagesRateLimited(accountId, resetAt, now);
      break;
    case 'duplicate':
      error = graphErrors.duplicate();
      break;
    case 'session_invalid':
      error = graphErrors.sessionInvalid();
      break;
    case 'app_limit':
      error = graphErrors.appLimitReached();
      break;
    case 'policy_block':
      error = graphErrors.policyBlock();
      break;
    default:
      error = graphErrors.transient();
  }
  throw failing.network === 'instagram' || failing.network === 'threads' ? error.forInstagram() : error;
}
