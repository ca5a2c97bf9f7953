import { bearerToken, generateApiKey, hashApiKey, looksLikeApiKey } from './api-key-format';

describe('API key format', () => {
  it('generates prefixed, unique keys whose hash is SHA-256 hex', () => {
    const keys = Array.from({ length: 200 }, generateApiKey);
    for (const key of keys) {
      expect(key.plaintext).toMatch(/^sps_[0-9A-Za-z]{40,44}$/);
      expect(looksLikeApiKey(key.plaintext)).toBe(true);
      expect(key.hash).toBe(hashApiKey(key.plaintext));
      expect(key.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(key.displayPrefix).toBe(key.plaintext.slice(0, 10));
    }
    expect(new Set(keys.map((key) => key.plaintext)).size).toBe(keys.length);
  });

  it.each(['', 'sps_', 'sps_short', 'xyz_' + 'a'.repeat(43), 'sps_' + 'a'.repeat(42) + '!', 'sps_' + 'a'.repeat(60)])(
    'does not take %p for a key',
    (text) => expect(looksLikeApiKey(text)).toBe(false),
  );

  it.each([
    ['Bearer abc', 'abc'],
    ['bearer abc', 'abc'],
    ['BEARER  abc ', 'abc'],
    ['Basic abc', undefined],
    ['Bearer', undefined],
    ['Bearer a b', undefined],
    [undefined, undefined],
  ])('reads the key from %p', (header, expected) => expect(bearerToken(header)).toBe(expected));
});
