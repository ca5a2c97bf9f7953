import { FastifyReply } from 'fastify';
import { EmulatorState } from '../state/emulator-state';
import { xProblems } from './x-errors';

const WINDOW_MS = 15 * 60_000;

/** Per-user limits per 15 minutes, as documented (POST /2/tweets: 100). */
export const X_LIMITS = {
  tweets: 100,
  usersMe: 75,
  media: 500,
  timeline: 900,
  tweetLookup: 900,
  /** Recent search, per user per 15 minutes. */
  search: 180,
} as const;

export function rateLimitHeaders(limit: number, remaining: number, resetAtSeconds: number): Record<string, string> {
  return {
    'x-rate-limit-limit': String(limit),
    'x-rate-limit-remaining': String(remaining),
    'x-rate-limit-reset': String(resetAtSeconds),
  };
}

/** Counts a call against the user's window, sets the headers (and hands them back), and refuses when enforced and exhausted. */
export function countXCall(
  state: EmulatorState,
  reply: FastifyReply,
  endpoint: keyof typeof X_LIMITS,
  userId: string,
): Record<string, string> {
  const limit = X_LIMITS[endpoint];
  const window = state.rateWindows.hit(`x:${endpoint}:${userId}`, limit, WINDOW_MS, state.settings.enforceRateLimits);
  const headers = rateLimitHeaders(window.limit, window.remaining, window.resetAtSeconds);
  reply.headers(headers);
  if (window.exceeded) throw xProblems.tooManyRequests(headers);
  return headers;
}
