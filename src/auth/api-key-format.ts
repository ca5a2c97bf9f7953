import { createHash } from 'node:crypto';
import { randomBase62 } from '../common/ids';
import type { CustomerMode } from '../customers';

/** Every key starts with this, so a leaked key is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'sps_';
/**
 * Test keys say so: `sps_test_…`. Live keys keep the form every key has had (`sps_…`), so every
 * key issued before test mode existed is, and stays, a valid live key. The underscore is never
 * part of the random base62 part, so the two forms cannot be mistaken for one another.
 */
const PREFIX_OF_MODE: Record<CustomerMode, string> = { live: API_KEY_PREFIX, test: `${API_KEY_PREFIX}test_` };

/** 32 random bytes in base62 are 43 characters, occasionally fewer when the leading bytes are small. */
const API_KEY_PATTERN = /^sps_(test_)?[0-9A-Za-z]{40,44}$/;

export interface NewApiKeySecret {
  /** The whole key, shown to its owner once. */
  plaintext: string;
  hash: string;
  displayPrefix: string;
}

export function hashApiKey(plaintext: string): string {
  return createHash('sha256').update(plaintext, 'utf8').digest('hex');
}

export function generateApiKey(mode: CustomerMode = 'live'): NewApiKeySecret {
  const prefix = PREFIX_OF_MODE[mode];
  const plaintext = `${prefix}${randomBase62(32)}`;
  // The mode word and six random characters: enough for a person to recognise the key in a list.
  return { plaintext, hash: hashApiKey(plaintext), displayPrefix: plaintext.slice(0, prefix.length + 6) };
}

/** True when the text has the shape of one of our keys (checked before any database lookup). */
export function looksLikeApiKey(text: string): boolean {
  return API_KEY_PATTERN.test(text);
}

/**
 * The mode a key's text claims, or undefined when it is not shaped like a key. The key's world
 * (its customer row) decides; this is only checked to agree with it.
 */
export function modeOfApiKey(text: string): CustomerMode | undefined {
  const match = API_KEY_PATTERN.exec(text);
  if (!match) return undefined;
  return match[1] ? 'test' : 'live';
}

/** The key in an `Authorization: Bearer <key>` header, or undefined when the header is missing or malformed. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer +(\S+) *$/i.exec(header);
  return match?.[1];
}
