import { timingSafeEqual } from 'node:crypto';

/** The form field every dashboard form carries its CSRF token in. */
export const CSRF_FIELD = '_csrf';

/** Constant-time comparison of the token a form sent with the one expected; a missing token never matches. */
export function csrfTokenMatches(sent: unknown, expected: string | undefined): boolean {
  if (typeof sent !== 'string' || !expected || sent.length === 0) return false;
  const a = Buffer.from(sent, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
