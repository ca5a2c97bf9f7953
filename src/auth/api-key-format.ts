import { createHash } from 'node:crypto';
import { randomBase62 } from '../common/ids';

/** Every key starts with this, so a leaked key is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'sps_';

/** 32 random bytes in base62 are 43 characters, occasionally fewer when the leading bytes are small. */
const API_KEY_PATTERN = /^sps_[0-9A-Za-z]{40,44}$/;

export interface NewApiKeySecret {
  /** The whole key, shown to its owner once. */
  plaintext: string;
  hash: string;
  displayPrefix: string;
}

export function hashApiKey(plaintext: string): string {
  return createHash('sha256').update(plaintext, 'utf8').digest('hex');
}

export function generateApiKey(): NewApiKeySecret {
  const plaintext = `${API_KEY_PREFIX}${randomBase62(32)}`;
  return { plaintext, hash: hashApiKey(plaintext), displayPrefix: plaintext.slice(0, API_KEY_PREFIX.length + 6) };
}

/** True when the text has the shape of one of our keys (checked before any database lookup). */
export function looksLikeApiKey(text: string): boolean {
  return API_KEY_PATTERN.test(text);
}

/** The key in an `Authorization: Bearer <key>` header, or undefined when the header is missing or malformed. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer +(\S+) *$/i.exec(header);
  return match?.[1];
}
