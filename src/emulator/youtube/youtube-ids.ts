import { randomBytes } from 'node:crypto';

/** `length` random characters of YouTube's id alphabet (base64url: a video's 11, a channel's 22 after `UC`). */
export function youTubeId(length: number): string {
  return randomBytes(Math.ceil((length * 3) / 4) + 1)
    .toString('base64url')
    .slice(0, length);
}
