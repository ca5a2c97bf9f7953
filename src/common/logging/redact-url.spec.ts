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
    // A signed media URL is a bearer link to the file while it lasts: its signature is a secret.
    [
      '/media-uploads/med_3kTMd9fQe2xV7bLp1sWq0Z.jpg?expires=1767225600&signature=9f86d081884c7d65',
      '/media-uploads/med_3kTMd9fQe2xV7bLp1sWq0Z.jpg?expires=1767225600&signature=[redacted]',
    ],
    ['/m.jpg?Signature=abc', '/m.jpg?Signature=[redacted]'],
    ['/m.jpg?%73ignature=abc', '/m.jpg?%73ignature=[redacted]'],
    // Presigned S3 and similar links, and other secret-bearing names.
    [
      '/b/k.jpg?X-Amz-Credential=AKIA%2F1&X-Amz-Signature=ab&X-Amz-Security-Token=tt&X-Amz-Expires=60',
      '/b/k.jpg?X-Amz-Credential=[redacted]&X-Amz-Signature=[redacted]&X-Amz-Security-Token=[redacted]&X-Amz-Expires=60',
    ],
    [
      '/x?sig=1&password=2&client_assertion=3&id_token=4&oauth_signature=5&n=6',
      '/x?sig=[redacted]&password=[redacted]&client_assertion=[redacted]&id_token=[redacted]&oauth_signature=[redacted]&n=6',
    ],
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
