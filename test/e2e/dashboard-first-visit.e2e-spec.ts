import request from 'supertest';
import { DashboardUsersService } from '../../src/dashboard/users/dashboard-users.service';
import { signedIn } from '../support/dashboard';
import { testWorldOf } from '../support/sandbox-worlds';
import { startTestApp, TestApp, TestCustomer } from '../support/test-app';
import { until } from '../support/until';

const PASSWORD = 'a long dashboard password';

/**
 * The dashboard as a newcomer meets it after the README's walkthrough (done with a test key): it
 * opens on the data they made, its forms default to the world on screen, a mistyped address is a
 * dashboard page, and wide tables show that they scroll.
 */
describe('Dashboard, first visit (HTML over HTTP)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A customer with a dashboard user, whose keys of `used` mode (and only those) have called the API. */
  async function customerWhoUsed(used: 'live' | 'test', label: string): Promise<{ email: string }> {
    const live = await t.createCustomer(`first-visit-${label}`);
    const test = await testWorldOf(t, live);
    const email = `ops-${label}@example.com`;
    await t.app.get(DashboardUsersService).create(live.id, email, PASSWORD);
    const key: TestCustomer = used === 'test' ? test : live;
    const answer = await request(t.server)
      .get('/api/v1/social-accounts?tenantId=tenant-1')
      .set('Authorization', `Bearer ${key.apiKey}`);
    expect(answer.status).toBe(200);
    // last_used_at is written after the answer, off the request's path.
    await until('the key to record its use', async () => {
      const [row] = await t.db.query<{ used: boolean }>(
        'SELECT last_used_at IS NOT NULL AS used FROM api_keys WHERE id = $1',
        [key.apiKeyId],
      );
      return row?.used === true;
    });
    return { email };
  }

  const pressed = (page: string, viewing: 'live' | 'test') =>
    new RegExp(`name="viewing" value="${viewing}" class="${viewing}" aria-pressed="true"`).test(page);

  it('opens on Test data when the customer last used a test key, and the key form defaults to Test', async () => {
    const { email } = await customerWhoUsed('test', 'test-user');
    const session = await signedIn(t, email, PASSWORD);
    const overview = await request(t.server).get('/').set('Cookie', session.cookie);
    expect(overview.status).toBe(200);
    expect(pressed(overview.text, 'test')).toBe(true);
    expect(overview.text).toContain('Test data.');

    const keys = await request(t.server).get('/dashboard/api-keys').set('Cookie', session.cookie);
    expect(keys.text).toMatch(/<input type="radio" name="mode" value="test" checked>/);
    expect(keys.text).not.toMatch(/<input type="radio" name="mode" value="live" checked>/);
  });

  it('opens on Live data when the customer last used a live key, and the key form defaults to Live', async () => {
    const { email } = await customerWhoUsed('live', 'live-user');
    const session = await signedIn(t, email, PASSWORD);
    const overview = await request(t.server).get('/').set('Cookie', session.cookie);
    expect(pressed(overview.text, 'live')).toBe(true);
    const keys = await request(t.server).get('/dashboard/api-keys').set('Cookie', session.cookie);
    expect(keys.text).toMatch(/<input type="radio" name="mode" value="live" checked>/);
  });

  it("answers an unknown dashboard page with the dashboard's own 404 page, not the API's JSON", async () => {
    // Without a session, like every dashboard page: to sign-in, saying nothing of which pages exist.
    for (const path of ['/dashboard', '/dashboard/nope']) {
      const anonymous = await request(t.server).get(path);
      expect({ path, status: anonymous.status, location: anonymous.headers.location }).toEqual({
        path,
        status: 303,
        location: '/dashboard/sign-in',
      });
    }
    const live = await t.createCustomer('first-visit-404');
    await t.app.get(DashboardUsersService).create(live.id, 'ops-404@example.com', PASSWORD);
    const { cookie, csrf } = await signedIn(t, 'ops-404@example.com', PASSWORD);
    const root = await request(t.server).get('/dashboard').set('Cookie', cookie);
    expect({ status: root.status, location: root.headers.location }).toEqual({ status: 303, location: '/' });
    for (const path of ['/dashboard/nope', '/dashboard/api-keys/nope/deeper']) {
      const answer = await request(t.server).get(path).set('Cookie', cookie);
      expect({ path, status: answer.status, type: answer.headers['content-type'] }).toEqual({
        path,
        status: 404,
        type: expect.stringMatching(/^text\/html/),
      });
      expect(answer.text).toContain('Not found');
      expect(answer.text).toContain('Back to the dashboard');
    }
    // A form posted where no page takes one is not found either, in the dashboard's HTML.
    const posted = await request(t.server)
      .post('/dashboard/nope')
      .set('Cookie', cookie)
      .type('form')
      .send({ _csrf: csrf, anything: 'x' });
    expect({ status: posted.status, type: posted.headers['content-type'] }).toEqual({
      status: 404,
      type: expect.stringMatching(/^text\/html/),
    });
    // The API keeps its JSON.
    const api = await request(t.server).get('/api/v1/nope');
    expect(api.headers['content-type']).toMatch(/^application\/json/);
    expect(api.body).toEqual(expect.objectContaining({ success: false }));
  });

  it('shows that a wide table scrolls sideways (a shadow at the edge that has more columns)', async () => {
    const css = await request(t.server).get('/dashboard/assets/dashboard.css');
    // Scroll shadows: covers that scroll with the content (local) over shadows fixed to the box (scroll).
    expect(css.text).toMatch(/\.table-wrap\{[^}]*background-attachment:local,local,scroll,scroll/);
  });
});
