import request from 'supertest';
import { DashboardUsersService } from '../../src/dashboard/users/dashboard-users.service';
import { capturingLogger } from '../support/log-capture';
import { signedIn } from '../support/dashboard';
import { startTestApp, TestApp, TestCustomer } from '../support/test-app';

/**
 * Fastify routes the percent-decoded path: `/%64ashboard` is `/dashboard`, `/api/%761` is
 * `/api/v1`. Every check that decides what a request is for, and what of it may be logged, must
 * see it the same way, whatever the client's spelling.
 */
describe('URL spellings: checks on the routed path, redaction in every encoding', () => {
  let t: TestApp;
  let customer: TestCustomer;
  const logs = capturingLogger();
  const PASSWORD = 'correct horse battery staple';

  beforeAll(async () => {
    t = await startTestApp({ logger: logs.logger });
    customer = await t.createCustomer();
  });
  afterAll(() => t.close());

  it('sends the dashboard security headers on a page reached by a percent-encoded path', async () => {
    await t.app.get(DashboardUsersService).create(customer.id, 'ops@spelling.example', PASSWORD);
    const session = await signedIn(t, 'ops@spelling.example', PASSWORD);
    for (const path of [
      '/dashboard/api-keys',
      '/%64ashboard/api-keys',
      '/d%61shboard/%61pi-keys',
      '/%64%61shboard/api-keys',
    ]) {
      const page = await request(t.server).get(path).set('Cookie', session.cookie);
      expect({ path, status: page.status }).toEqual({ path, status: 200 });
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect({ path, headers: page.headers }).toEqual({
        path,
        headers: expect.objectContaining({
          'content-security-policy': expect.stringContaining("frame-ancestors 'none'"),
          'x-frame-options': 'DENY',
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
          'referrer-policy': 'same-origin',
        }),
      });
    }
  });

  it('checks the API key of a percent-encoded /api/v1 path before reading its body', async () => {
    for (const path of ['/api/v1/posts', '/api/%761/posts', '/%61pi/v1/posts', '/api/v%31/posts']) {
      const response = await request(t.server).post(path).set('Content-Type', 'application/json').send('{"broken":');
      expect({ path, status: response.status, code: response.body.error?.code }).toEqual({
        path,
        status: 401,
        code: 'unauthorized',
      });
    }
  });

  it('writes no key or pending-session token to the log, in any encoding', async () => {
    const key = customer.apiKey;
    const session = `ps_${'Q'.repeat(43)}`;
    const encodeAll = (text: string) =>
      [...text].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');
    const spellings = (secret: string) => [
      secret,
      `%${secret.charCodeAt(0).toString(16)}${secret.slice(1)}`,
      `%${secret.charCodeAt(0).toString(16).toUpperCase()}${secret.slice(1)}`,
      encodeAll(secret),
      encodeAll(secret).toUpperCase(),
      encodeURIComponent(encodeAll(secret)),
      secret.replace(/_/g, '%5f'),
    ];
    const urls: string[] = [];
    for (const spelled of spellings(session)) {
      urls.push(
        `/api/v1/social-accounts/pending/${spelled}`,
        `/api/v1/social-accounts/%70ending/${spelled}`,
        `/api/v1/social-accounts?q=${spelled}`,
      );
    }
    for (const spelled of [...spellings(key), ...spellings(`sps_test_${'T'.repeat(43)}`)]) {
      urls.push(
        `/api/v1/social-accounts?q=${spelled}`,
        `/api/v1/social-accounts?q=a+${spelled}`,
        `/api/v1/posts/${spelled}`,
        `/health?${spelled}=1`,
      );
    }
    for (const url of urls) await request(t.server).get(url).set('Authorization', `Bearer ${key}`);
    // Pino writes asynchronously to the capturing stream: give it a tick.
    await new Promise((resolve) => setImmediate(resolve));

    const logged = logs.text();
    expect(logged).toContain('/api/v1/social-accounts');
    const secretShaped = /(?:sps_(?:test_)?|ps_)[0-9A-Za-z]{20,}/;
    for (const line of logged.split('\n')) {
      let decoded = line;
      for (let round = 0; round < 4; round++) {
        try {
          decoded = decodeURIComponent(decoded.replace(/\+/g, ' '));
        } catch {
          break;
        }
      }
      expect({ line, leaks: secretShaped.test(line) || secretShaped.test(decoded) }).toEqual({ line, leaks: false });
      for (const secret of [key, session, 'Q'.repeat(20), 'T'.repeat(20), key.slice(4, 24)])
        expect(line).not.toContain(secret);
    }
  });
});
