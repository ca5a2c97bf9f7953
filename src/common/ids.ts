import { randomBytes } from 'node:crypto';
import baseX from 'base-x';

export const base62 = baseX('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz');

/** Random base62 text of the given entropy. */
export function randomBase62(bytes: number): string {
  return base62.encode(randomBytes(bytes));
}

/** Resource kinds and the prefix their ids carry, so an id says what it names (`acc_…`, `key_…`). */
export const ID_PREFIX = {
  customer: 'cus',
  apiKey: 'key',
  account: 'acc',
  redirectUrl: 'rdu',
  networkApp: 'app',
  pendingSession: 'pcs',
  event: 'evt',
  post: 'pst',
  delivery: 'dlv',
  deliveryAttempt: 'dat',
  dashboardUser: 'usr',
  media: 'med',
  commentRequest: 'cmr',
} as const;

export type IdKind = keyof typeof ID_PREFIX;

/** A new random id: prefix, underscore, 128 random bits in base62. */
export function newId(kind: IdKind): string {
  return `${ID_PREFIX[kind]}_${randomBase62(16)}`;
}
