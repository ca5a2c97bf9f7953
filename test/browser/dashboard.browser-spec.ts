import { Browser, BrowserContext, Page } from 'playwright-core';
import request from 'supertest';
import { DashboardUsersService } from '../../src/dashboard/users/dashboard-users.service';
import { describeInBrowser, launchBrowser, screenshotBothWidths, WIDTHS } from '../support/browser';
import { startEmulatedApp } from '../support/connect-flow';
import { TestApp, TestCustomer } from '../support/test-app';

const EMAIL = 'ops@example.com';
const PASSWORD = 'a long dashboard password';

describeInBrowser()('Dashboard in a real browser', () => {
  let t: TestApp & { baseUrl: string };
  let customer: TestCustomer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    t = await startEmulatedApp({ env: { ALLOW_PRIVATE_URLS: 'true' } });
    customer = await t.createCustomer('Acme <script>alert(1)</script>');
    await t.app.get(DashboardUsersService).create(customer.id, EMAIL, PASSWORD);
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: WIDTHS.desktop, baseURL: t.baseUrl });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
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

    const api = () => request(t.server).get('/api/v1/social-accounts?tenantId=t1').set('Authorization', `Bearer ${key}`);
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
    const wrong = await page.request.post('/dashboard/api-keys', { form: { name: 'forged', _csrf: 'x'.repeat(43) }, maxRedirects: 0 });
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
});
