import { Browser, BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { throttleKey } from '../../src/dashboard/session/sign-in-throttle';
import { DashboardUsersService } from '../../src/dashboard/users/dashboard-users.service';
import { describeInBrowser, launchBrowser, screenshotBothWidths, WIDTHS } from '../support/browser';
import { browse, startEmulatedApp } from '../support/connect-flow';
import { createPost, settledPost } from '../support/posts';
import { WebhookReceiver } from '../support/webhook-receiver';
import { TestApp, TestCustomer } from '../support/test-app';
import { until } from '../support/until';

const EMAIL = 'ops@example.com';
const PASSWORD = 'a long dashboard password';
const TENANT = 'tenant-1';
const REDIRECT = 'http://127.0.0.1:9/connected';
const HOSTILE = `<img src=x onerror="document.title='owned'"> ' OR 1=1; --`;

describeInBrowser()('Dashboard in a real browser', () => {
  let t: TestApp & { baseUrl: string };
  let customer: TestCustomer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let receiver: WebhookReceiver;
  let accountId: string;
  let networkAccountId: string;

  beforeAll(async () => {
    t = await startEmulatedApp({ env: { ALLOW_PRIVATE_URLS: 'true' } });
    customer = await t.createCustomer('Acme <script>alert(1)</script>');
    await t.app.get(DashboardUsersService).create(customer.id, EMAIL, PASSWORD);
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: WIDTHS.desktop, baseURL: t.baseUrl });
    page = await context.newPage();
    receiver = await WebhookReceiver.started();
  });
  afterAll(async () => {
    await browser?.close();
    await receiver?.down();
    await t?.close();
  });

  async function signIn(password = PASSWORD): Promise<void> {
    await page.goto('/dashboard/sign-in');
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  it('sends a visitor without a session to sign-in, refuses a wrong password, and signs in', async () => {
    await page.goto('/');
    expect(new URL(page.url()).pathname).toBe('/dashboard/sign-in');
    await screenshotBothWidths(page, 'sign-in');

    await signIn('not the password');
    await expect(page.getByRole('alert').textContent()).resolves.toContain('Wrong email or password.');
    expect(new URL(page.url()).pathname).toBe('/dashboard/sign-in');

    await signIn();
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Overview');
    // The customer's name is shown as text, never run as markup.
    await expect(page.locator('.who').textContent()).resolves.toContain('Acme <script>alert(1)</script>');
    await expect(page.getByRole('status').first().textContent()).resolves.toContain('Network emulator on');
    const cookie = (await context.cookies()).find((candidate) => candidate.name === 'sps_dashboard_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: false });
    const stored = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM dashboard_sessions');
    expect(stored.map((row) => row.token_hash)).not.toContain(cookie.value);
    await screenshotBothWidths(page, 'overview');
  });

  it('creates an API key shown once that works against the API, and revokes it after confirmation', async () => {
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByLabel('Name (optional)').fill('from the dashboard');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.locator('#new-api-key').textContent())!;
    expect(key).toMatch(/^sps_[0-9A-Za-z]{40,44}$/);
    await expect(page.getByRole('button', { name: 'Copy key' }).isVisible()).resolves.toBe(true);
    await screenshotBothWidths(page, 'api-keys-created');

    const api = () =>
      request(t.server).get('/api/v1/social-accounts?tenantId=t1').set('Authorization', `Bearer ${key}`);
    expect((await api()).status).toBe(200);

    await page.goto('/dashboard/api-keys');
    expect(await page.content()).not.toContain(key);
    const row = page.locator('tr', { hasText: 'from the dashboard' });
    await expect(row.textContent()).resolves.toContain(key.slice(0, 10));
    await row.getByRole('link', { name: /Revoke/ }).click();
    await screenshotBothWidths(page, 'api-keys-revoke');
    await page.getByRole('button', { name: 'Revoke key' }).click();
    await expect(page.locator('tr', { hasText: 'from the dashboard' }).textContent()).resolves.toContain('revoked');
    expect((await api()).status).toBe(401);
    await screenshotBothWidths(page, 'api-keys');
  });

  it('creates a test key when Test is chosen, says which keys are test keys, and the test key works in its own world', async () => {
    await page.goto('/dashboard/api-keys');
    // Live is what a key is unless one chooses otherwise.
    await expect(page.getByRole('radio', { name: 'Live' }).isChecked()).resolves.toBe(true);
    await page.getByLabel('Name (optional)').fill('sandbox backend');
    await page.getByRole('radio', { name: /Test/ }).check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.locator('#new-api-key').textContent())!;
    expect(key).toMatch(/^sps_test_[0-9A-Za-z]{40,44}$/);
    await expect(page.getByRole('heading', { name: /Your new test API key/ }).isVisible()).resolves.toBe(true);
    await screenshotBothWidths(page, 'api-keys-created-test');

    const accounts = await request(t.server)
      .get(`/api/v1/social-accounts?tenantId=${TENANT}`)
      .set('Authorization', `Bearer ${key}`);
    expect(accounts.status).toBe(200);
    expect(accounts.body.data).toEqual([]);

    await page.goto('/dashboard/api-keys');
    const testRow = page.locator('tr', { hasText: 'sandbox backend' });
    await expect(testRow.locator('.badge.mode-test').textContent()).resolves.toBe('Test');
    await expect(testRow.textContent()).resolves.toContain(key.slice(0, 15));
    const liveRow = page.locator('tr', { hasText: customer.apiKey.slice(0, 10) });
    await expect(liveRow.locator('.badge.mode-live').textContent()).resolves.toBe('Live');
    await screenshotBothWidths(page, 'api-keys-both-modes');
  });

  it('never lets an API key open the dashboard, nor a dashboard session call the API', async () => {
    const withKey = await request(t.server).get('/').set('Authorization', `Bearer ${customer.apiKey}`);
    expect(withKey.status).toBe(303);
    expect(withKey.headers.location).toBe('/dashboard/sign-in');
    const cookieHeader = (await context.cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
    const withSession = await request(t.server).get('/api/v1/social-accounts?tenantId=t1').set('Cookie', cookieHeader);
    expect(withSession.status).toBe(401);
  });

  it('refuses a form without its CSRF token, or with a wrong one', async () => {
    const without = await page.request.post('/dashboard/api-keys', { form: { name: 'forged' }, maxRedirects: 0 });
    expect(without.status()).toBe(403);
    expect(await without.text()).toContain('did not come from your dashboard session');
    const wrong = await page.request.post('/dashboard/api-keys', {
      form: { name: 'forged', _csrf: 'x'.repeat(43) },
      maxRedirects: 0,
    });
    expect(wrong.status()).toBe(403);

    // The same through the page: the hidden field removed before submitting.
    await page.goto('/dashboard/api-keys');
    await page.locator('form[action="/dashboard/api-keys"] input[name="_csrf"]').evaluate((input) => input.remove());
    await page.getByRole('button', { name: 'Create key' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('did not come from your dashboard session');
    expect((await t.db.query(`SELECT 1 FROM api_keys WHERE name = 'forged'`)).length).toBe(0);
  });

  it('keeps the API JSON-only: a form body on an API route is still a 415', async () => {
    const response = await request(t.server)
      .post('/api/v1/webhooks/test')
      .set('Authorization', `Bearer ${customer.apiKey}`)
      .type('form')
      .send('a=b');
    expect(response.status).toBe(415);
    expect(response.body.error.code).toBe('unsupported_media_type');
  });

  it("adds a redirect URL that the auth-url call then accepts, and shows each network's callback URL", async () => {
    const authUrl = () =>
      request(t.server)
        .post('/api/v1/social-networks/x/auth-url')
        .set('Authorization', `Bearer ${customer.apiKey}`)
        .send({ tenant_id: TENANT, redirect_uri: REDIRECT });
    expect((await authUrl()).body.error.code).toBe('redirect_uri_not_allowed');

    await page.goto('/dashboard/oauth');
    await page.getByLabel('Redirect URL', { exact: true }).fill('not a url');
    await page.locator('#redirect-url').evaluate((input) => input.setAttribute('type', 'text'));
    await page.getByRole('button', { name: 'Add redirect URL' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('url must be an absolute URL');

    await page.getByLabel('Redirect URL', { exact: true }).fill(REDIRECT);
    await page.getByRole('button', { name: 'Add redirect URL' }).click();
    await expect(page.getByRole('status').last().textContent()).resolves.toContain('The redirect URL is allowed.');
    await expect(page.locator('#callback-x').textContent()).resolves.toBe(`${t.baseUrl}/oauth/x/callback`);

    const answer = await authUrl();
    expect(answer.status).toBe(200);
    // Finish the connect flow, for the pages below.
    const trip = await browse(answer.body.data.auth_url);
    const session = trip.finalUrl.searchParams.get('session')!;
    const pending = await request(t.server)
      .get(`/api/v1/social-accounts/pending/${session}`)
      .set('Authorization', `Bearer ${customer.apiKey}`);
    const finalized = await request(t.server)
      .post(`/api/v1/social-accounts/pending/${session}/finalize`)
      .set('Authorization', `Bearer ${customer.apiKey}`)
      .send({ selectedPageIds: [pending.body.data.availablePages[0].id] });
    accountId = finalized.body.data[0].id;
    networkAccountId = pending.body.data.availablePages[0].id;
    await screenshotBothWidths(page, 'oauth');
  });

  it('saves a network app without ever showing its secret back', async () => {
    await page.goto('/dashboard/oauth');
    await page.getByLabel('Facebook client id').fill('my-fb-app');
    await page.getByLabel('Facebook client secret').fill('fb-secret-never-shown');
    await page.getByRole('button', { name: 'Save Facebook app' }).click();
    await expect(page.getByRole('status').last().textContent()).resolves.toContain('The app credentials are saved.');
    const content = await page.content();
    expect(content).toContain('my-fb-app');
    expect(content).not.toContain('fb-secret-never-shown');
  });

  it('sets the webhook, sends a test to a loopback receiver and shows the attempt, the log and a resend', async () => {
    await page.goto('/dashboard/webhook');
    await page.getByLabel('Webhook URL').fill(receiver.url);
    await page.getByLabel(/Signing secret/).fill('short');
    await page.locator('#webhook-secret').evaluate((input) => input.removeAttribute('minlength'));
    await page.getByRole('button', { name: 'Save webhook' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('24-256 characters');

    await page.getByLabel(/Signing secret/).fill('whsec-dashboard-test-secret-0123');
    await page.getByRole('button', { name: 'Save webhook' }).click();
    await expect(page.getByRole('status').last().textContent()).resolves.toContain('The webhook is saved.');
    await expect(page.locator('dl.facts').textContent()).resolves.toContain('0123');
    expect(await page.content()).not.toContain('whsec-dashboard-test-secret-0123');

    await page.getByRole('button', { name: 'Send test event' }).click();
    const result = (await page.locator('#test-result').textContent())!;
    expect(result).toContain('Delivered');
    expect(result).toContain('the receiver answered 200');
    expect(receiver.receipts.map((receipt) => receipt.body.event)).toContain('webhook.test');
    await screenshotBothWidths(page, 'webhook');

    await page.getByRole('link', { name: /See event/ }).click();
    await expect(page.locator('table').textContent()).resolves.toContain(receiver.url);
    await screenshotBothWidths(page, 'webhook-event');
    await page.getByRole('button', { name: 'Resend event' }).click();
    await expect(page.getByRole('status').last().textContent()).resolves.toContain('The event is queued again.');

    await page.goto('/dashboard/webhook?event=webhook.test&status=failed');
    await expect(page.getByText('No events match.').isVisible()).resolves.toBe(true);
    const badFilter = await page.goto('/dashboard/webhook?status=%3Cscript%3E');
    expect(badFilter!.status()).toBe(400);
    await expect(page.getByRole('alert').textContent()).resolves.toContain('status must be one of');

    // An endpoint a 410 disabled is shown as disabled.
    await t.db.query(
      `UPDATE webhook_endpoints SET disabled_at = now(), disabled_reason = 'The receiver answered 410 Gone'`,
    );
    await page.goto('/dashboard/webhook');
    await expect(page.locator('dl.facts').textContent()).resolves.toContain('disabled');
    await expect(page.getByRole('alert').textContent()).resolves.toContain('The endpoint is disabled');
    await t.db.query('UPDATE webhook_endpoints SET disabled_at = NULL, disabled_reason = NULL');
  });

  it('shows a post published through the API (emulator on) with its published delivery and permalink', async () => {
    const created = await createPost(t, customer, {
      tenant_id: TENANT,
      accounts: [accountId],
      containers: [{ content: HOSTILE }],
    });
    expect(created.status).toBe(202);
    const settled = await settledPost(t, customer, created.body.data.id);
    expect(settled.status).toBe('published');

    await page.goto(`/dashboard/posts?tenant=${TENANT}&status=published`);
    await screenshotBothWidths(page, 'posts');
    await page.getByRole('link', { name: settled.id }).click();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(`Post ${settled.id}`);
    const delivery = page.locator('tbody tr').first();
    await expect(delivery.textContent()).resolves.toContain('published');
    await expect(delivery.getByRole('link', { name: settled.deliveries[0]!.permalink! }).isVisible()).resolves.toBe(
      true,
    );
    // Markup and SQL in the post's text are shown as text, never run.
    await expect(page.locator('dl.facts').first().textContent()).resolves.toContain(HOSTILE);
    await expect(page.locator('.preview-text').first().textContent()).resolves.toBe(HOSTILE);
    expect(await page.title()).not.toBe('owned');
    // The delivery's attempts: how each ended in words, its calls behind a click (a details element, no script).
    const attempts = page.locator(`table[data-attempts="${settled.deliveries[0]!.id}"] tbody tr`);
    await expect(attempts.count()).resolves.toBe(1);
    await expect(attempts.first().locator('.attempt-summary').textContent()).resolves.toMatch(
      /^Attempt 1 made \d+ network calls?.*published the post\.$/,
    );
    await expect(attempts.first().locator('.attempt-calls li').first().isVisible()).resolves.toBe(false);
    await attempts.first().locator('details summary').click();
    await expect(attempts.first().locator('.attempt-calls li').first().textContent()).resolves.toMatch(
      /^(GET|POST) \/\S+ \w+: (\d{3}|no answer) in \d+ ms$/,
    );
    await screenshotBothWidths(page, 'post');

    await page.goto('/dashboard/posts?status=failed');
    await expect(page.getByText('No posts match.').isVisible()).resolves.toBe(true);
    expect((await page.goto('/dashboard/posts?tenant=%27%20OR%201%3D1'))!.status()).toBe(400);
    expect((await page.goto('/dashboard/posts/pst_unknown'))!.status()).toBe(404);
  });

  it("shows a post's comments read from the network, page by page, and the answers sent through the API", async () => {
    const api = (path: string) => `/api/v1${path}`;
    const bearer = { Authorization: `Bearer ${customer.apiKey}` };
    const created = await createPost(t, customer, {
      tenant_id: TENANT,
      accounts: [accountId],
      containers: [{ content: 'Ask us anything' }],
    });
    const post = await settledPost(t, customer, created.body.data.id);
    expect(post.status).toBe('published');
    const delivery = post.deliveries[0]!;
    const emulator = (path: string, body: object) =>
      fetch(`${t.baseUrl}/emulator/control${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    // 26 comments by readers (the first one hostile) and one answer of the account's: two pages of 25.
    const comment = (text: string) =>
      emulator('/comments', {
        network: 'x',
        parentId: delivery.platformPostId,
        text,
        author: { username: 'a_reader' },
      });
    expect((await comment(HOSTILE)).status).toBe(201);
    for (let index = 1; index <= 25; index += 1) expect((await comment(`Question ${index}`)).status).toBe(201);
    const answered = await request(t.server)
      .post(api(`/posts/${post.id}/comments`))
      .set(bearer)
      .send({ deliveryId: delivery.id, text: 'Thanks for asking!' });
    expect(answered.status).toBe(202);
    const answerUrl = api(`/posts/${post.id}/comment-requests/${answered.body.data.id}`);
    await until(
      'the answer to be sent',
      async () => (await request(t.server).get(answerUrl).set(bearer)).body.data.status === 'sent',
      20_000,
      100,
    );

    await page.goto(`/dashboard/posts/${post.id}`);
    const section = page.getByRole('region', { name: 'Comments' });
    const answerRow = section.getByRole('row', { name: /Thanks for asking!/ });
    await expect(answerRow.textContent()).resolves.toContain('sent');
    await screenshotBothWidths(page, 'post-comments-section');

    await section.getByRole('link', { name: 'Read the comments on x' }).click();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Comments on x');
    const rows = page.locator('tbody tr');
    await expect(rows.count()).resolves.toBe(25);
    // Newest first: the account's answer, marked as its own, then the readers' latest questions.
    await expect(rows.first().textContent()).resolves.toMatch(/yours.*Thanks for asking!/);
    await expect(rows.nth(1).textContent()).resolves.toContain('Question 25');
    await screenshotBothWidths(page, 'post-comments');

    await page.getByRole('link', { name: 'Older comments' }).click();
    await expect(rows.count()).resolves.toBe(2);
    await expect(rows.first().textContent()).resolves.toContain('Question 1');
    // Markup in a reader's comment is shown as text, never run.
    await expect(rows.last().textContent()).resolves.toContain(HOSTILE);
    expect(await page.title()).not.toBe('owned');
    await expect(page.getByRole('link', { name: 'Older comments' }).count()).resolves.toBe(0);

    // The network failing is said on the page, which still shows where it is.
    expect(
      (await emulator('/faults', { network: 'x', accountId: networkAccountId, fault: 'server_error', count: 5 }))
        .status,
    ).toBe(201);
    await page.goto(`/dashboard/posts/${post.id}/comments?delivery=${delivery.id}`);
    await expect(page.getByRole('alert').textContent()).resolves.toContain('The comments could not be read');
    await expect(page.getByRole('link', { name: 'Back to the post' }).isVisible()).resolves.toBe(true);
    expect((await fetch(`${t.baseUrl}/emulator/control/faults`, { method: 'DELETE' })).status).toBe(200);

    expect((await page.goto(`/dashboard/posts/${post.id}/comments?delivery=dlv_unknown`))!.status()).toBe(404);
    expect((await page.goto(`/dashboard/posts/${post.id}/comments`))!.status()).toBe(404);
  });

  it('switches to the test world with the Test button, says so on every page, and back with Live', async () => {
    await page.goto('/dashboard/accounts');
    await expect(page.getByRole('button', { name: 'Live' }).getAttribute('aria-pressed')).resolves.toBe('true');
    const liveAccount = page.locator(`a[href="/dashboard/accounts/${accountId}"]`);
    await expect(liveAccount.isVisible()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Test' }).click();
    // Back on the same section, showing the test world: none of the live accounts, and the label.
    expect(new URL(page.url()).pathname).toBe('/dashboard/accounts');
    await expect(page.getByRole('button', { name: 'Test' }).getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(page.getByText('Test data.').isVisible()).resolves.toBe(true);
    await expect(liveAccount.count()).resolves.toBe(0);
    await screenshotBothWidths(page, 'accounts-test-data');
    await page.goto('/dashboard/posts');
    await expect(page.getByText('Test data.').isVisible()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Live' }).click();
    await expect(page.getByText('Test data.').count()).resolves.toBe(0);
    await page.goto('/dashboard/accounts');
    await expect(liveAccount.isVisible()).resolves.toBe(true);
  });

  it('finds accounts by tenant and status, shows one, and disconnects it after confirmation', async () => {
    await page.goto('/dashboard/accounts');
    await page.getByLabel('Tenant').fill(TENANT);
    await page.getByLabel('Status').selectOption('active');
    await page.getByRole('button', { name: 'Search' }).click();
    expect(new URL(page.url()).search).toBe(`?tenant=${TENANT}&status=active`);
    await screenshotBothWidths(page, 'accounts');
    await page.locator(`a[href="/dashboard/accounts/${accountId}"]`).click();
    await screenshotBothWidths(page, 'account');
    await page.getByRole('link', { name: 'Disconnect this account' }).click();
    await screenshotBothWidths(page, 'account-disconnect');
    await page.getByRole('button', { name: 'Disconnect account' }).click();
    await expect(page.getByRole('status').last().textContent()).resolves.toContain('The account is disconnected.');
    const listed = await request(t.server)
      .get(`/api/v1/social-accounts?tenantId=${TENANT}&status=disconnected`)
      .set('Authorization', `Bearer ${customer.apiKey}`);
    expect(listed.body.data.map((account: { id: string }) => account.id)).toEqual([accountId]);
    await page.goto('/dashboard/accounts?status=active');
    await expect(page.getByText('No accounts match.').isVisible()).resolves.toBe(true);
  });

  it("sums up accounts, the month's posts and failing webhook deliveries on the overview", async () => {
    receiver.answerNext({ status: 500 });
    await page.goto('/dashboard/webhook');
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect(page.locator('#test-result').textContent()).resolves.toContain('Not delivered');
    await page.getByRole('link', { name: 'Overview' }).click();
    const text = (await page.locator('main').textContent())!;
    expect(text).toMatch(/x\s*disconnected\s*1/);
    // The post shown above and the one commented on, in the chart's legend (its figures are checked in dashboard-charts).
    expect(text).toMatch(/published:\s*2/);
    await screenshotBothWidths(page, 'overview-with-data');
  });

  it('works from the keyboard: the skip link and the navigation are reachable with Tab', async () => {
    await page.goto('/');
    await page.keyboard.press('Tab');
    await expect(page.evaluate('document.activeElement?.textContent')).resolves.toBe('Skip to content');
    await page.keyboard.press('Tab');
    await expect(page.evaluate('document.activeElement?.textContent')).resolves.toBe('Overview');
    // Every form control has a label.
    for (const path of [
      '/dashboard/api-keys',
      '/dashboard/oauth',
      '/dashboard/webhook',
      '/dashboard/accounts',
      '/dashboard/posts',
    ]) {
      await page.goto(path);
      const unlabelled = await page.$$eval('input:not([type=hidden]), select', (controls) =>
        controls
          .filter((control) => !(control as unknown as { labels: ArrayLike<unknown> | null }).labels?.length)
          .map((control) => control.outerHTML),
      );
      expect(unlabelled).toEqual([]);
    }
  });

  it('slows down repeated failed sign-ins (even the right password is refused while closed), and signs out', async () => {
    await t.app.get(DashboardUsersService).create(customer.id, 'slow@example.com', PASSWORD);
    const other = await browser.newContext({ viewport: WIDTHS.phone, baseURL: t.baseUrl });
    const guesser = await other.newPage();
    const attempt = async (password: string) => {
      await guesser.goto('/dashboard/sign-in');
      await guesser.getByLabel('Email').fill('slow@example.com');
      await guesser.getByLabel('Password').fill(password);
      const [response] = await Promise.all([
        guesser.waitForResponse((r) => r.request().method() === 'POST'),
        guesser.getByRole('button', { name: 'Sign in' }).click(),
      ]);
      return response;
    };
    expect((await attempt('wrong guess')).status()).toBe(401);
    // As if ten guesses had just failed: closed for 256 s, whatever the speed of this machine.
    await t.db.query(`UPDATE dashboard_sign_in_failures SET failures = 10, last_failed_at = now() WHERE key = $1`, [
      throttleKey('slow@example.com', '127.0.0.1'),
    ]);
    const refused = await attempt(PASSWORD);
    expect(refused.status()).toBe(429);
    expect(Number(await refused.headerValue('retry-after'))).toBeGreaterThan(200);
    await expect(guesser.getByRole('alert').textContent()).resolves.toMatch(
      /Too many failed sign-ins\. Try again in \d+ seconds\./,
    );
    await screenshotBothWidths(guesser, 'sign-in-throttled');
    await other.close();

    await page.goto('/');
    await page.getByRole('button', { name: 'Sign out' }).click();
    expect(new URL(page.url()).pathname).toBe('/dashboard/sign-in');
    await page.goto('/dashboard/api-keys');
    expect(new URL(page.url()).pathname).toBe('/dashboard/sign-in');
  });
});
