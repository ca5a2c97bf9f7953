import { ApiException } from '../common/errors/api-exception';
import { normalizeNetworkId } from '../networks/network-id';
import { normalizeRedirectUrl } from './redirect-urls.service';

describe('normalizeRedirectUrl', () => {
  it('keeps the query and normalises the host', () => {
    expect(normalizeRedirectUrl(' https://App.Example.com:8443/cb?x=1 ')).toBe('https://app.example.com:8443/cb?x=1');
  });
  it.each(['not a url', 'ftp://example.com/cb', 'https://example.com/cb#frag', 'https://user:pw@example.com/cb', 'javascript:alert(1)'])(
    'refuses %p',
    (raw) => expect(() => normalizeRedirectUrl(raw)).toThrow(ApiException),
  );
});

describe('normalizeNetworkId', () => {
  it.each([
    ['facebook', 'facebook'],
    ['Instagram', 'instagram'],
    ['x', 'x'],
    ['twitter', 'x'],
    ['myspace', undefined],
  ])('%s → %s', (name, id) => expect(normalizeNetworkId(name)).toBe(id));
});
