import { FastifyRequest } from 'fastify';
import { TikTokEndpointName, tiktokApiRules } from '../../contracts';
import { IssuedToken } from '../state/credentials';
import { EmulatorState } from '../state/emulator-state';
import { FaultKind } from '../state/faults';
import { delayCall } from '../worlds/deferred-delay';
import { tiktokErrors } from './tiktok-errors';
import { findTikTokCreator, TestTikTokCreator } from './tiktok-test-user';
import { TIKTOK_TOKENS } from './tiktok-tokens';

const { endpoints } = tiktokApiRules();

/** The fault kinds any authenticated TikTok call can suffer. */
export const TIKTOK_CALL_FAULTS: readonly FaultKind[] = [
  'token_expired',
  'token_revoked',
  'rate_limited',
  'slow',
  'server_error',
];

export interface TikTokCall {
  token: IssuedToken;
  creator: TestTikTokCreator;
}

/** The creator's access token of a call (`Authorization: Bearer`), or TikTok's 401 access_token_invalid. */
export function requireTikTokToken(state: EmulatorState, request: FastifyRequest): TikTokCall {
  const header = request.headers.authorization;
  const value = /^Bearer\s+(\S+)$/i.exec(typeof header === 'string' ? header : '')?.[1];
  if (!value) throw tiktokErrors.tokenInvalid();
  const check = state.credentials.check(value);
  if (!check.ok)
    throw tiktokErrors.tokenInvalid(
      check.reason === 'expired'
        ? 'The access token has expired.'
        : 'The access token is invalid or not found in the request.',
    );
  if (check.token.kind !== TIKTOK_TOKENS.access.kind) throw tiktokErrors.tokenInvalid();
  const creator = findTikTokCreator(state, check.token.subjectId)?.creator;
  if (!creator) throw tiktokErrors.tokenInvalid();
  return { token: check.token, creator };
}

/** Applies the injected faults for the creator: waits for `slow`, then throws the first failing one. */
export async function applyTikTokFaults(
  state: EmulatorState,
  openId: string,
  kinds: readonly FaultKind[] = TIKTOK_CALL_FAULTS,
): Promise<void> {
  const faults = state.faults.take([{ network: 'tiktok', accountId: openId }], kinds);
  await delayCall(faults.reduce((total, fault) => total + (fault.kind === 'slow' ? (fault.delayMs ?? 0) : 0), 0));
  const failing = faults.find((fault) => fault.kind !== 'slow');
  if (!failing) return;
  switch (failing.kind) {
    case 'token_expired':
      throw tiktokErrors.tokenInvalid('The access token has expired.');
    case 'token_revoked':
      throw tiktokErrors.tokenInvalid('The user has revoked the authorization of this app.');
    case 'rate_limited':
      throw tiktokErrors.rateLimited();
    default:
      throw tiktokErrors.serverError();
  }
}

/**
 * A call to one of the contract's endpoints: the token, the faults, the endpoint's scopes (all of
 * them, or any one where the page says either: status/fetch) and its per-user limit per minute
 * (refused only with enforceRateLimits, as the other networks' limits).
 */
export async function authorizeTikTokCall(
  state: EmulatorState,
  request: FastifyRequest,
  endpoint: TikTokEndpointName,
  options: { scopes?: readonly string[]; faults?: readonly FaultKind[] } = {},
): Promise<TikTokCall> {
  const call = requireTikTokToken(state, request);
  await applyTikTokFaults(state, call.creator.openId, options.faults);
  const rule = endpoints[endpoint];
  const needed = options.scopes ?? rule.scopes ?? [];
  const granted = (scope: string) => call.token.scopes.includes(scope);
  const missing =
    rule.scopesAnyOf && !options.scopes ? (needed.some(granted) ? [] : needed) : needed.filter((s) => !granted(s));
  if (missing.length) throw tiktokErrors.scopeNotAuthorized(missing.join(' or '));
  if (rule.perMinute) {
    const window = state.rateWindows.hit(
      `tiktok:${endpoint}:${call.token.value}`,
      rule.perMinute,
      60_000,
      state.settings.enforceRateLimits,
    );
    if (window.exceeded) throw tiktokErrors.rateLimited();
  }
  return call;
}
