import { ApiException } from '../common/errors/api-exception';
import { normalizeRedirectUrl } from './redirect-urls.service';

describe('normalizeRedirectUrl', () => {
  it('keeps the query and normalises the host', () => {
    expect(normalizeRedirectUrl(' https://App.Example.com:8443/cb?x=1 ')).toBe('https://app.example.com:8443/cb?x=1');
  });
  it.each([
    'not a url',
    'ftp://example.com/cb',
    'https://example.com/cb#frag',
    'https://user:pw@example.com/cb',
    'javascript:alert(1)',
  ])('refuses %p', (raw) => expect(() => normalizeRedirectUrl(raw)).toThrow(ApiException));
});
