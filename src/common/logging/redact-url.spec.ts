import { redactUrl } from './redact-url';

describe('redactUrl', () => {
  it.each([
    ['/api/v1/social-accounts?tenantId=t1', '/api/v1/social-accounts?tenantId=t1'],
    ['/api/v1/social-accounts/pending/ps_secret123', '/api/v1/social-accounts/pending/[redacted]'],
    ['/api/v1/social-accounts/pending/ps_secret123/finalize', '/api/v1/social-accounts/pending/[redacted]/finalize'],
    ['/oauth/x/callback?state=abc&code=xyz&foo=1', '/oauth/x/callback?state=[redacted]&code=[redacted]&foo=1'],
    ['/cb?session=s1&network=x', '/cb?session=[redacted]&network=x'],
    ['/cb?Access_Token=zzz', '/cb?Access_Token=[redacted]'],
    ['/oauth/access_token?grant_type=fb_exchange_token&fb_exchange_token=EAAshort', '/oauth/access_token?grant_type=fb_exchange_token&fb_exchange_token=[redacted]'],
    ['/x?%ZZ=1&code=secret&tenantId=t', '/x?[undecodable]&code=[redacted]&tenantId=t'],
    [`/api/v1/social-accounts/sps_${'a'.repeat(43)}`, '/api/v1/social-accounts/sps_[redacted]'],
    [`/x?api_key=sps_${'B'.repeat(43)}&t=1`, '/x?api_key=[redacted]&t=1'],
    [`/x?q=sps_${'C'.repeat(43)}`, '/x?q=sps_[redacted]'],
    [`/api/v1/posts/sps_test_${'D'.repeat(43)}`, '/api/v1/posts/sps_[redacted]'],
    [`/x?q=sps_test_${'E'.repeat(43)}&t=1`, '/x?q=sps_[redacted]&t=1'],
  ])('%s → %s', (url, expected) => expect(redactUrl(url)).toBe(expected));
});
