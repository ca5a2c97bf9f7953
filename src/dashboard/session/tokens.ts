import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: the shape of every token the dashboard mints (sessions, CSRF). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** True for a value shaped like one of our tokens; anything else is not looked up at all. */
export function isWellFormedToken(value: unknown): value is string {
  return typeof value === 'string' && TOKEN_PATTERN.test(value);
}

/** What the database keeps of a session token: a copy of the table opens no session. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
