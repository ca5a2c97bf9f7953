import { randomBytes } from 'node:crypto';
import { numericId } from '../state/emulator-ids';

/** An Instagram professional account id; real ones start with 1784. */
export function instagramUserId(): string {
  return `1784${numericId(13)}`;
}

/** The short code of an Instagram permalink (`/p/{shortcode}/`). */
export function instagramShortcode(): string {
  return randomBytes(8).toString('base64url').slice(0, 11);
}
