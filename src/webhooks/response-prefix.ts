/** How much of a receiver's answer is kept with its attempt: enough to see what it said, never its whole body. */
export const RESPONSE_PREFIX_BYTES = 512;

/**
 * The first bytes of an answer as text that fits RESPONSE_PREFIX_BYTES of UTF-8 (the column's
 * check): decoded as UTF-8 (a byte sequence cut in the middle, or not UTF-8 at all, becomes U+FFFD,
 * which takes 3 bytes where the byte took 1), without NUL (PostgreSQL's text cannot hold it), then
 * cut back to whole characters within the limit.
 */
export function responsePrefix(bytes: Buffer): string {
  let text = bytes.subarray(0, RESPONSE_PREFIX_BYTES).toString('utf8').replace(/\0/g, '');
  while (Buffer.byteLength(text, 'utf8') > RESPONSE_PREFIX_BYTES) text = [...text].slice(0, -1).join('');
  return text;
}
