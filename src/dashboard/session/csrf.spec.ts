import { csrfTokenMatches } from './csrf';

describe('csrfTokenMatches', () => {
  it('matches only the same token', () => {
    expect(csrfTokenMatches('abc', 'abc')).toBe(true);
    expect(csrfTokenMatches('abd', 'abc')).toBe(false);
    expect(csrfTokenMatches('abcd', 'abc')).toBe(false);
  });

  it('never matches a missing or empty token, or a non-string', () => {
    expect(csrfTokenMatches(undefined, 'abc')).toBe(false);
    expect(csrfTokenMatches('', '')).toBe(false);
    expect(csrfTokenMatches(['abc'], 'abc')).toBe(false);
    expect(csrfTokenMatches('abc', undefined)).toBe(false);
  });
});
