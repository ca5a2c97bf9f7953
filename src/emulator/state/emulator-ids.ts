import { randomInt } from 'node:crypto';
import { randomBase62 } from '../../common/ids';

/**
 * Identifiers shaped like the networks' own, so that adapters which (wrongly) assume a format
 * still meet realistic values: Graph ids are long decimal strings, X ids are snowflakes.
 */

/** A decimal id of the given length that does not start with 0. */
export function numericId(digits: number): string {
  let id = String(randomInt(1, 10));
  while (id.length < digits) id += String(randomInt(0, 10));
  return id;
}

/** A Graph object id (pages, posts, photos, containers): 15–17 digits in the wild. */
export function graphId(): string {
  return numericId(16);
}

/** An X id: 19-digit snowflake. */
export function snowflakeId(): string {
  return numericId(19);
}

/** A bearer secret with a network-flavoured prefix (Facebook tokens start with EAA, Instagram with IG). */
export function secretToken(prefix: string, bytes = 32): string {
  return `${prefix}${randomBase62(bytes)}`;
}
