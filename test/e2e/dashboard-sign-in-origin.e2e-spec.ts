import request from 'supertest';
import { DashboardUsersService } from '../../src/dashboard/users/dashboard-users.service';
import { PasswordHasher } from '../../src/dashboard/users/password-hasher';
import { cookiesOf, signInForm } from '../support/dashboard';
import { startTestApp, TestApp } from '../support/test-app';

const PASSWORD = 'a long dashboard password';
/** Plain http, where the sign-in cookie cannot be __Host- and a sibling subdomain could plant it. */
const PUBLIC_URL = 'http://dashboard.example:8080';

describe('Dashboard sign-in refuses a post from another site (login CSRF)', () => {
  let t: TestApp;
  let email: string;
  let passwordChecks: jest.SpyInstance;

  beforeAll(async () => {
    t = await startTestApp({ env: { PUBLIC_URL } });
    email = 'ops@example.com';
    await t.app.get(DashboardUsersService).create((await t.createCustomer()).id, email, PASSWORD);
    passwordChecks = jest.spyOn(t.app.get(PasswordHasher, { strict: false }), 'verify');
  });
  afterAll(() => t.close());
  beforeEach(() => passwordChecks.mockClear());

  /** The right email, password, token and cookie: only the headers a browser adds differ. */
  async function signIn(headers: Record<string, string>): Promise<request.Response> {
    const form = await signInForm(t);
    return request(t.server)
      .post('/dashboard/sign-in')
      .set('Cookie', form.cookie)
      .set(headers)
      .type('form')
      .send({ _csrf: form.token, email, password: PASSWORD });
  }

  it('answers a cross-site or same-site post as any CSRF failure: 403, no session, the password never checked', async () => {
    const forged: Array<Record<string, string>> = [
      { Origin: 'http://evil.example' },
      // A sibling subdomain: the one that can plant the sign-in cookie over plain http.
      { Origin: 'http://evil.dashboard.example:8080', 'Sec-Fetch-Site': 'same-site' },
      { Origin: 'https://dashboard.example:8080' },
      { Origin: 'null' },
      { 'Sec-Fetch-Site': 'cross-site' },
      { Origin: PUBLIC_URL, 'Sec-Fetch-Site': 'cross-site' },
    ];
    for (const headers of forged) {
      const answer = await signIn(headers);
      expect({ headers, status: answer.status }).toEqual({ headers, status: 403 });
      expect(answer.headers['content-type']).toContain('text/html');
      expect(answer.text).toContain('Refused');
      expect(answer.text).toContain(`${PUBLIC_URL}/dashboard/sign-in`);
      expect(cookiesOf(answer).lines.filter((line) => line.startsWith('sps_dashboard_session='))).toEqual([]);
    }
    expect(passwordChecks).not.toHaveBeenCalled();
    expect(await t.db.query('SELECT 1 FROM dashboard_sessions')).toEqual([]);
  });

  it('signs in from its own page, and a client that sends neither header', async () => {
    expect((await signIn({ Origin: PUBLIC_URL, 'Sec-Fetch-Site': 'same-origin' })).status).toBe(303);
    expect((await signIn({ Origin: 'http://DASHBOARD.example:8080' })).status).toBe(303);
    expect((await signIn({ 'Sec-Fetch-Site': 'same-origin' })).status).toBe(303);
    expect((await signIn({})).status).toBe(303);
  });
});
