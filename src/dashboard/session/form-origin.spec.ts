import { comesFromOwnOrigin } from './form-origin';

const OWN = 'http://dashboard.example:8080';

describe('comesFromOwnOrigin', () => {
  it('accepts our own origin, however the browser spells the same one', () => {
    expect(comesFromOwnOrigin({ origin: OWN, 'sec-fetch-site': 'same-origin' }, OWN)).toBe(true);
    expect(comesFromOwnOrigin({ origin: 'http://Dashboard.Example:8080' }, OWN)).toBe(true);
    expect(comesFromOwnOrigin({ origin: 'https://dashboard.example' }, 'https://dashboard.example:443/social')).toBe(
      true,
    );
  });

  it('refuses another origin: another site, a sibling subdomain, another scheme or port, or an opaque one', () => {
    for (const origin of [
      'http://evil.example',
      'http://sub.dashboard.example:8080',
      'https://dashboard.example:8080',
      'http://dashboard.example:8081',
      'null',
      'not a url',
      '',
    ]) {
      expect({ origin, ok: comesFromOwnOrigin({ origin }, OWN) }).toEqual({ origin, ok: false });
    }
  });

  it('refuses what the browser itself calls cross-site or same-site, whatever Origin says', () => {
    for (const site of ['cross-site', 'same-site', 'none']) {
      expect({ site, ok: comesFromOwnOrigin({ origin: OWN, 'sec-fetch-site': site }, OWN) }).toEqual({
        site,
        ok: false,
      });
    }
    expect(comesFromOwnOrigin({ 'sec-fetch-site': 'cross-site' }, OWN)).toBe(false);
    expect(comesFromOwnOrigin({ 'sec-fetch-site': 'same-origin' }, OWN)).toBe(true);
  });

  it('lets a request with neither header through (not a browser; the form token still has to match)', () => {
    expect(comesFromOwnOrigin({}, OWN)).toBe(true);
  });
});
