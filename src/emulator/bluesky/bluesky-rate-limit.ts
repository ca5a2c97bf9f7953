import { FastifyReply } from 'fastify';
import { EmulatorState } from '../state/emulator-state';
import { xrpcErrors } from './bluesky-errors';

/**
 * The PDS limits Bluesky publishes (https://docs.bsky.app/docs/advanced-guides/rate-limits): every
 * call 3000 per 5 minutes; repository writes in points (create 3, delete 1) 5000 per hour; sessions
 * created 30 per 5 minutes per account.
 */
export const BLUESKY_LIMITS = {
  calls: { limit: 3000, windowMs: 5 * 60_000 },
  writes: { limit: 5000, windowMs: 3600_000 },
  sessions: { limit: 30, windowMs: 5 * 60_000 },
} as const;
export type BlueskyLimit = keyof typeof BLUESKY_LIMITS;

/** The headers a PDS sends with every limited call (IETF RateLimit header fields, draft 6). */
export function rateLimitHeaders(
  name: BlueskyLimit,
  remaining: number,
  resetAtSeconds: number,
): Record<string, string> {
  const { limit, windowMs } = BLUESKY_LIMITS[name];
  return {
    'ratelimit-limit': String(limit),
    'ratelimit-remaining': String(remaining),
    'ratelimit-reset': String(resetAtSeconds),
    'ratelimit-policy': `${limit};w=${windowMs / 1000}`,
  };
}

/** Counts `points` against the account's window, sets the headers, and refuses (429) when enforced and used up. */
export function countBlueskyCall(
  state: EmulatorState,
  reply: FastifyReply,
  name: BlueskyLimit,
  did: string,
  points = 1,
): void {
  const { limit, windowMs } = BLUESKY_LIMITS[name];
  let window = state.rateWindows.hit(`bluesky:${name}:${did}`, limit, windowMs, state.settings.enforceRateLimits);
  for (let point = 1; point < points && !window.exceeded; point += 1)
    window = state.rateWindows.hit(`bluesky:${name}:${did}`, limit, windowMs, state.settings.enforceRateLimits);
  const headers = rateLimitHeaders(name, window.remaining, window.resetAtSeconds);
  reply.headers(headers);
  if (window.exceeded) throw xrpcErrors.rateLimited(headers);
}
