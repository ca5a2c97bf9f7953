import { DashboardUsersService } from '../../src/dashboard/users/dashboard-users.service';
import { PasswordHasher } from '../../src/dashboard/users/password-hasher';
import { PurgeSignInFailures } from '../../src/dashboard/session/purge-sign-in-failures.task';
import { throttleKey } from '../../src/dashboard/session/sign-in-throttle';
import { FREE_FAILURES } from '../../src/dashboard/session/sign-in-delay';
import { postSignIn, signInForm } from '../support/dashboard';
import { startTestApp, TestApp } from '../support/test-app';

const PASSWORD = 'a long dashboard password';
/** The address supertest connects from, as the throttle counts it. */
const LOCAL = '127.0.0.1';

describe('Dashboard sign-in throttle', () => {
  let t: TestApp;
  let customerId: string;
  let passwordChecks: jest.SpyInstance;
  let counter = 0;

  beforeAll(async () => {
    t = await startTestApp();
    customerId = (await t.createCustomer()).id;
    passwordChecks = jest.spyOn(t.app.get(PasswordHasher, { strict: false }), 'verify');
  });
  afterAll(() => t.close());
  beforeEach(() => passwordChecks.mockClear());

  async function user(): Promise<string> {
    const email = `user-${++counter}@example.com`;
    await t.app.get(DashboardUsersService).create(customerId, email, PASSWORD);
    return email;
  }

  const failures = async (email: string, ip = LOCAL) =>
    (
      await t.db.query<{ failures: number }>('SELECT failures FROM dashboard_sign_in_failures WHERE key = $1', [
        throttleKey(email, ip),
      ])
    )[0]?.failures;

  /** A count as if `count` failures had just happened (so the wait is long and known). */
  const seed = (email: string, count: number, ago = '0 seconds', ip = LOCAL) =>
    t.db.query(
      `INSERT INTO dashboard_sign_in_failures (key, failures, last_failed_at) VALUES ($1, $2, now() - $3::interval)
       ON CONFLICT (key) DO UPDATE SET failures = EXCLUDED.failures, last_failed_at = EXCLUDED.last_failed_at`,
      [throttleKey(email, ip), count, ago],
    );

  it('lets no more than the free guesses through a burst of parallel ones: the attempt is counted before the password is checked', async () => {
    const email = await user();
    const forms = await Promise.all(Array.from({ length: FREE_FAILURES + 20 }, () => signInForm(t)));
    const answers = await Promise.all(
      forms.map((form, index) => postSignIn(t, email, `wrong guess ${index}`, { form })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(FREE_FAILURES);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    expect(passwordChecks).toHaveBeenCalledTimes(FREE_FAILURES);
    expect(await failures(email)).toBe(FREE_FAILURES);
  });

  it('refuses even the right password while closed, with Retry-After, without checking it', async () => {
    const email = await user();
    await seed(email, 10);
    const answer = await postSignIn(t, email, PASSWORD);
    expect(answer.status).toBe(429);
    const retryAfter = Number(answer.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(200);
    expect(retryAfter).toBeLessThanOrEqual(256);
    expect(answer.text).toContain(`Too many failed sign-ins. Try again in ${retryAfter} seconds.`);
    expect(passwordChecks).not.toHaveBeenCalled();
  });

  it('answers an unknown email exactly as a known one: 401 for the free guesses, then 429 with Retry-After', async () => {
    const known = await user();
    const unknown = `nobody-${counter}@example.com`;
    const run = async (email: string) => {
      const statuses: number[] = [];
      for (let guess = 0; guess <= FREE_FAILURES; guess += 1)
        statuses.push((await postSignIn(t, email, `wrong ${guess}`)).status);
      return statuses;
    };
    expect(await run(known)).toEqual([401, 401, 401, 429]);
    expect(await run(unknown)).toEqual([401, 401, 401, 429]);
    await seed(known, 10);
    await seed(unknown, 10);
    const [a, b] = [await postSignIn(t, known, PASSWORD), await postSignIn(t, unknown, PASSWORD)];
    expect([a.status, b.status]).toEqual([429, 429]);
    expect(Math.abs(Number(a.headers['retry-after']) - Number(b.headers['retry-after']))).toBeLessThanOrEqual(1);
  });

  it('does not close sign-in for everyone behind one address after guesses at made-up emails', async () => {
    for (let guess = 0; guess < 25; guess += 1)
      expect((await postSignIn(t, `made-up-${guess}@example.com`, 'guess')).status).toBe(401);
    expect((await postSignIn(t, await user(), PASSWORD)).status).toBe(303);
  });

  it("clears only the signed-in email's own count: signing in to one's own account resets no one else's", async () => {
    const victim = await user();
    const attacker = await user();
    for (let guess = 0; guess < FREE_FAILURES; guess += 1) await postSignIn(t, victim, `guess ${guess}`);
    await postSignIn(t, attacker, 'typo');
    expect((await postSignIn(t, attacker, PASSWORD)).status).toBe(303);
    expect(await failures(attacker)).toBeUndefined();
    expect(await failures(victim)).toBe(FREE_FAILURES);
    expect((await postSignIn(t, victim, 'next guess')).status).toBe(429);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is set: a client cannot name its own address', async () => {
    const email = await user();
    for (let guess = 0; guess < FREE_FAILURES; guess += 1)
      await postSignIn(t, email, `guess ${guess}`, { forwardedFor: `198.51.100.${guess}` });
    expect((await postSignIn(t, email, PASSWORD, { forwardedFor: '198.51.100.99' })).status).toBe(429);
  });

  it('starts a count again after a quiet day, and purges counts quiet for a day', async () => {
    const email = await user();
    await seed(email, 50, '25 hours');
    expect((await postSignIn(t, email, 'wrong')).status).toBe(401);
    expect(await failures(email)).toBe(1);

    await seed('old@example.com', 5, '25 hours');
    await seed('recent@example.com', 5, '1 hour');
    await t.app.get(PurgeSignInFailures).run();
    expect(await failures('old@example.com')).toBeUndefined();
    expect(await failures('recent@example.com')).toBe(5);
  });
});

describe('Dashboard sign-in behind a reverse proxy (TRUST_PROXY)', () => {
  let t: TestApp;
  let email: string;
  beforeAll(async () => {
    t = await startTestApp({ env: { TRUST_PROXY: '1' } });
    email = 'user@example.com';
    await t.app.get(DashboardUsersService).create((await t.createCustomer()).id, email, PASSWORD);
  });
  afterAll(() => t.close());

  it('counts each client by its forwarded address: guesses from one client do not lock the user out elsewhere', async () => {
    for (let guess = 0; guess < FREE_FAILURES; guess += 1) {
      expect((await postSignIn(t, email, `guess ${guess}`, { forwardedFor: '203.0.113.9' })).status).toBe(401);
    }
    expect((await postSignIn(t, email, PASSWORD, { forwardedFor: '203.0.113.9' })).status).toBe(429);
    // A client in the same IPv6 /64 is the same client.
    for (let guess = 0; guess < FREE_FAILURES; guess += 1)
      await postSignIn(t, email, `v6 guess ${guess}`, { forwardedFor: `2001:db8:1:2::${guess + 1}` });
    expect((await postSignIn(t, email, PASSWORD, { forwardedFor: '2001:db8:1:2:ffff::9' })).status).toBe(429);
    expect((await postSignIn(t, email, PASSWORD, { forwardedFor: '198.51.100.7' })).status).toBe(303);
  });
});
