import { FastifyRequest } from 'fastify';
import { YouTubeContract, youTubeQuotaDay } from '../../contracts';
import { IssuedToken } from '../state/credentials';
import { EmulatorState } from '../state/emulator-state';
import { FaultKind } from '../state/faults';
import { delayCall } from '../worlds/deferred-delay';
import { youTubeErrors } from './youtube-errors';
import { YOUTUBE_QUOTA } from './youtube-stored-objects';
import { findYouTubeChannel, TestYouTubeChannel } from './youtube-test-user';
import { YOUTUBE_TOKENS } from './youtube-tokens';

/** The fault kinds any authenticated YouTube call can suffer. */
export const YOUTUBE_CALL_FAULTS: readonly FaultKind[] = [
  'token_expired',
  'token_revoked',
  'rate_limited',
  'slow',
  'server_error',
];

export interface YouTubeCall {
  token: IssuedToken;
  channel: TestYouTubeChannel;
}

/** The channel's access token of a call (`Authorization: Bearer`), or Google's 401. */
export function requireYouTubeToken(state: EmulatorState, request: FastifyRequest): YouTubeCall {
  const header = request.headers.authorization;
  const value = /^Bearer\s+(\S+)$/i.exec(typeof header === 'string' ? header : '')?.[1];
  const check = state.credentials.check(value);
  if (!check.ok || check.token.network !== 'youtube' || check.token.kind !== YOUTUBE_TOKENS.access.kind)
    throw youTubeErrors.unauthorized();
  const channel = findYouTubeChannel(state, check.token.subjectId)?.channel;
  if (!channel) throw youTubeErrors.unauthorized();
  return { token: check.token, channel };
}

/**
 * Charges a call to the project's quota of the day (Pacific): every call costs at least one unit
 * (determine_quota_cost), videos.insert one call of its own bucket. With enforceRateLimits a call
 * past either limit is refused, 403 quotaExceeded, and charged nothing.
 */
export function chargeYouTubeQuota(state: EmulatorState, clientId: string, method: string): void {
  const quota = state.objects.of(YOUTUBE_QUOTA);
  const key = `${clientId}:${youTubeQuotaDay(state.now()).day}`;
  const used = quota.get(key) ?? { units: 0, uploads: 0 };
  const upload = method === 'videos.insert';
  const cost = upload ? 0 : YouTubeContract.load().cost(method);
  if (state.settings.enforceRateLimits) {
    if (upload && used.uploads + 1 > state.settings.youtubeUploadsPerDay) throw youTubeErrors.quotaExceeded();
    if (!upload && used.units + cost > state.settings.youtubeUnitsPerDay) throw youTubeErrors.quotaExceeded();
  }
  quota.set(key, { units: used.units + cost, uploads: used.uploads + (upload ? 1 : 0) });
}

/**
 * An authenticated call of a discovery method (`videos.insert`): the token, one of the method's
 * scopes among those granted (403 insufficientPermissions), the injected faults, then the quota.
 */
export async function authorizeYouTubeCall(
  state: EmulatorState,
  request: FastifyRequest,
  method: string,
  faults: readonly FaultKind[] = YOUTUBE_CALL_FAULTS,
): Promise<YouTubeCall> {
  const call = requireYouTubeToken(state, request);
  const declared = YouTubeContract.load().methodById(method)?.scopes ?? [];
  if (declared.length && !declared.some((scope) => call.token.scopes.includes(scope)))
    throw youTubeErrors.insufficientScopes();
  const taken = state.faults.take([{ network: 'youtube', accountId: call.channel.id }], faults);
  await delayCall(taken.reduce((total, fault) => total + (fault.kind === 'slow' ? (fault.delayMs ?? 0) : 0), 0));
  const failing = taken.find((fault) => fault.kind !== 'slow');
  if (failing?.kind === 'token_expired' || failing?.kind === 'token_revoked') throw youTubeErrors.unauthorized();
  // YouTube's limits are the project's daily quota: a spent quota is 403 quotaExceeded until midnight Pacific.
  if (failing?.kind === 'rate_limited') throw youTubeErrors.quotaExceeded();
  if (failing) throw youTubeErrors.serverError();
  chargeYouTubeQuota(state, call.token.clientId, method);
  return call;
}
