import { redactUrl } from './redact-url';

describe('redactUrl', () => {
  it.each([
    ['/api/v1/social-accounts?tenantId=t1', '/api/v1/social-accounts?tenantId=t1'],
    ['/api/v1/social-accounts/pending/ps_secret123', '/api/v1/social-accounts/pending/[redacted]'],
    ['/api/v1/social-accounts/pending/ps_secret123/finalize', '/api/v1/social-accounts/pending/[redacted]/finalize'],
    ['/oauth/x/callback?state=abc&code=xyz&foo=1', '/oauth/x/callback?state=[redacted]&code=[redacted]&foo=1'],
    ['/cb?session=s1&network=x', '/cb?session=[redacted]&network=x'],
    ['/cb?Access_Token=zzz', '/cb?Access_Token=[redacted]'],
    [
      '/oauth/access_token?grant_type=fb_exchange_token&fb_exchange_token=EAAshort',
      '/oauth/access_token?grant_type=fb_exchange_token&fb_exchange_token=[redacted]',
    ],
    [
      '/graph/v25.0/me?access_token=EAA&appsecret_proof=ab12&fields=id',
      '/graph/v25.0/me?access_token=[redacted]&appsecret_proof=[redacted]&fields=id',
    ],
    ['/x?%ZZ=1&code=secret&tenantId=t', '/x?[undecodable]&code=[redacted]&tenantId=t'],
    [`/api/v1/social-accounts/sps_${'a'.repeat(43)}`, '/api/v1/social-accounts/[redacted]'],
    [`/x?api_key=sps_${'B'.repeat(43)}&t=1`, '/x?api_key=[redacted]&t=1'],
    [`/x?q=sps_${'C'.repeat(43)}`, '/x?q=[redacted]'],
    [`/api/v1/posts/sps_test_${'D'.repeat(43)}`, '/api/v1/posts/[redacted]'],
    [`/x?q=sps_test_${'E'.repeat(43)}&t=1`, '/x?q=[redacted]&t=1'],
  ])('%s → %s', (url, expected) => expect(redactUrl(url)).toBe(expected));

  // The router decodes the path, so the log must judge the decoded forms too, in every encoding.
  const key = `sps_${'F'.repeat(43)}`;
  const testKey = `sps_test_${'G'.repeat(43)}`;
  const session = `ps_${'H'.repeat(43)}`;
  it.each([
    [`/api/v1/social-accounts/%70ending/${session}`, '/api/v1/social-accounts/%70ending/[redacted]'],
    [`/api/v1/social-accounts/%70ENDING/x`, '/api/v1/social-accounts/%70ENDING/x'],
    [`/api/v1/social-accounts/p%65nding/anything`, '/api/v1/social-accounts/p%65nding/[redacted]'],
    [`/x?q=%73${key.slice(1)}`, '/x?q=[redacted]'],
    [`/x?q=%2573${key.slice(1)}&t=1`, '/x?q=[redacted]&t=1'],
    [`/x?q=sps%5ftest%5F${'G'.repeat(43)}`, '/x?q=[redacted]'],
    [`/x?q=a+${testKey}`, '/x?q=[redacted]'],
    [`/x?${key}=1`, '/x?[redacted]'],
    [`/x?%6B%65%79=abc`, '/x?%6B%65%79=[redacted]'],
    [`/x?q=${session}`, '/x?q=[redacted]'],
    [`/api/v1/posts/%70s_${'J'.repeat(43)}`, '/api/v1/posts/[redacted]'],
    [`/x?q=%ZZ`, '/x?q=[redacted]'],
  ])('%s → %s', (url, expected) => expect(redactUrl(url)).toBe(expected));
});
