import { FastifyRequest } from 'fastify';
import { pinterestOperation } from '../../contracts';
import { IssuedToken } from '../state/credentials';
import { EmulatorState } from '../state/emulator-state';
import { FaultKind } from '../state/faults';
import { delayCall } from '../worlds/deferred-delay';
import { pinterestErrors } from './pinterest-errors';
import { findPinterestAccount, TestPinterestAccount } from './pinterest-test-user';
import { PINTEREST_TOKENS } from './pinterest-tokens';

/** The fault kinds any authenticated Pinterest call can suffer. */
export const PINTEREST_CALL_FAULTS: readonly FaultKind[] = [
  'token_expired',
  'token_revoked',
  'rate_limited',
  'slow',
  'server_error',
];

const MINUTE_MS = 60_000;

export interface PinterestCall {
  token: IssuedToken;
  account: TestPinterestAccount;
}

/** The user's access token of a call (`Authorization: Bearer`), or Pinterest's 401 code 2. */
export function requirePinterestToken(state: EmulatorState, request: FastifyRequest): PinterestCall {
  const value = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (!value) throw pinterestErrors.unauthorized();
  const check = state.credentials.check(value);
  if (!check.ok || check.token.network !== 'pinterest' || check.token.kind !== PINTEREST_TOKENS.access.kind)
    throw pinterestErrors.unauthorized();
  const account = findPinterestAccount(state, check.token.subjectId)?.account;
  if (!account) throw pinterestErrors.unauthorized();
  return { token: check.token, account };
}

/** Applies the injected faults for the account: waits for `slow`, then throws the first failing one. */
export async function applyPinterestFaults(
  state: EmulatorState,
  accountId: string,
  kinds: readonly FaultKind[] = PINTEREST_CALL_FAULTS,
): Promise<void> {
  const faults = state.faults.take([{ network: 'pinterest', accountId }], kinds);
  await delayCall(faults.reduce((total, fault) => total + (fault.kind === 'slow' ? (fault.delayMs ?? 0) : 0), 0));
  const failing = faults.find((fault) => fault.kind !== 'slow');
  if (!failing) return;
  switch (failing.kind) {
    case 'token_expired':
    case 'token_revoked':
      throw pinterestErrors.unauthorized();
    case 'rate_limited':
      throw pinterestErrors.rateLimited();
    default:
      throw pinterestErrors.serverError();
  }
}

/**
 * One call to api.pinterest.com/v5 as `METHOD /template` of the contract: a live access token
 * (401 code 2), the scopes the operation's security names (401 code 3, as Pinterest's example for a
 * token without them), the faults, and with enforceRateLimits the org_write category's calls per
 * minute per user (429 code 8).
 */
export async function authorizePinterestCall(
  state: EmulatorState,
  request: FastifyRequest,
  operation: string,
  faults: readonly FaultKind[] = PINTEREST_CALL_FAULTS,
): Promise<PinterestCall> {
  const [method, template] = operation.split(' ') as [string, string];
  const terms = pinterestOperation(method, template);
  const call = requirePinterestToken(state, request);
  await applyPinterestFaults(state, call.account.id, faults);
  if (terms.scopes.some((scope) => !call.token.scopes.includes(scope))) throw pinterestErrors.insufficientScope();
  if (terms.rateLimitCategory === 'org_write') {
    const window = state.rateWindows.hit(
      `pinterest:org_write:${call.account.id}`,
      state.settings.pinterestWritesPerMinute,
      MINUTE_MS,
      state.settings.enforceRateLimits,
    );
    if (window.exceeded) throw pinterestErrors.rateLimited();
  }
  return call;
}
