import { bearerToken, generateApiKey, hashApiKey, looksLikeApiKey, modeOfApiKey } from './api-key-format';

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

  it('generates test keys that say so, with the mode word in their display prefix', () => {
    const keys = Array.from({ length: 200 }, () => generateApiKey('test'));
    for (const key of keys) {
      expect(key.plaintext).toMatch(/^sps_test_[0-9A-Za-z]{40,44}$/);
      expect(looksLikeApiKey(key.plaintext)).toBe(true);
      expect(modeOfApiKey(key.plaintext)).toBe('test');
      expect(key.displayPrefix).toBe(key.plaintext.slice(0, 15));
      expect(key.hash).toBe(hashApiKey(key.plaintext));
    }
  });

  it('reads every key without a mode word as live, as every key made before test mode is', () => {
    const issuedBefore = 'sps_' + 'Ab1'.repeat(14) + 'c';
    expect(looksLikeApiKey(issuedBefore)).toBe(true);
    expect(modeOfApiKey(issuedBefore)).toBe('live');
    expect(modeOfApiKey(generateApiKey('live').plaintext)).toBe('live');
    expect(modeOfApiKey(generateApiKey().plaintext)).toBe('live');
    // A live key whose random part happens to begin with "test" is still live: no underscore follows.
    expect(modeOfApiKey('sps_test' + 'a'.repeat(38))).toBe('live');
  });

  it.each([
    'sps_live_' + 'a'.repeat(43),
    'sps_test_',
    'sps_test_short',
    'sps_test_' + 'a'.repeat(42) + '!',
    'sps_test_' + 'a'.repeat(60),
    'sps_TEST_' + 'a'.repeat(43),
    'sps_test__' + 'a'.repeat(42),
  ])('does not take %p for a key of either mode', (text) => {
    expect(looksLikeApiKey(text)).toBe(false);
    expect(modeOfApiKey(text)).toBeUndefined();
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
