import { RESPONSE_PREFIX_BYTES, responsePrefix } from './response-prefix';

describe('responsePrefix', () => {
  it('keeps a short answer whole', () => {
    expect(responsePrefix(Buffer.from('{"ok":true}'))).toBe('{"ok":true}');
  });

  it('keeps the first 512 bytes of a long answer', () => {
    expect(responsePrefix(Buffer.from('a'.repeat(2000)))).toBe('a'.repeat(RESPONSE_PREFIX_BYTES));
  });

  it('never exceeds 512 bytes of UTF-8, even when bytes that are not UTF-8 become U+FFFD', () => {
    const binary = Buffer.alloc(600, 0xff);
    const text = responsePrefix(binary);
    expect(Buffer.byteLength(text, 'utf8')).toBeLessThanOrEqual(RESPONSE_PREFIX_BYTES);
    expect(text).toMatch(/^\uFFFD+$/);
  });

  it('drops a character cut at the limit rather than storing half of it, and removes NUL', () => {
    const euro = Buffer.from('€'.repeat(200)); // 3 bytes each: the 171st is cut at byte 512.
    const text = responsePrefix(euro);
    expect(Buffer.byteLength(text, 'utf8')).toBeLessThanOrEqual(RESPONSE_PREFIX_BYTES);
    expect(text.startsWith('€'.repeat(170))).toBe(true);
    expect(responsePrefix(Buffer.from('a\0b'))).toBe('ab');
  });
});
