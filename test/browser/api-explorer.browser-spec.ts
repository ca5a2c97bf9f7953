import { Browser, Page } from 'playwright-core';
import { describeInBrowser, launchBrowser } from '../support/browser';
import { startEmulatedApp } from '../support/connect-flow';
import { TestApp, TestCustomer } from '../support/test-app';

/**
 * The API explorer (/api/docs) under its CSP, in a real browser: it still renders every operation
 * and calls the API ("Try it out"), nothing it does is refused by the policy, and another page
 * cannot frame it.
 */
describeInBrowser()('API explorer in a real browser', () => {
  let t: TestApp & { baseUrl: string };
  let customer: TestCustomer;
  let browser: Browser;
  let page: Page;
  /** What the browser refused under the CSP, and the page's errors. */
  const violations: string[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    t = await startEmulatedApp();
    customer = await t.createCustomer();
    browser = await launchBrowser();
    const context = await browser.newContext({ baseURL: t.baseUrl });
    // A string: the tests are compiled without the DOM's types.
    await context.addInitScript(
      "window.violations = []; document.addEventListener('securitypolicyviolation', (event) => window.violations.push(event.violatedDirective + ' ' + event.blockedURI));",
    );
    page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('renders the operations and calls the API with a key, with nothing refused by the CSP', async () => {
    await page.goto('/api/docs');
    await page.locator('.opblock').first().waitFor({ timeout: 30_000 });
    expect(await page.locator('.opblock').count()).toBeGreaterThan(20);

    // Authorize with the key, then "Try it out" on listing accounts.
    await page
      .getByRole('button', { name: /Authorize/ })
      .first()
      .click();
    await page.locator('.modal-ux input[type=text], .modal-ux input:not([type])').first().fill(customer.apiKey);
    await page.locator('.modal-ux button.authorize').click();
    await page.locator('.modal-ux button.btn-done').click();
    const operation = page.locator('#operations-Accounts-listAccounts');
    await operation.locator('.opblock-summary').click();
    await operation.getByRole('button', { name: 'Try it out' }).click();
    await operation.locator('input[placeholder="tenantId"]').fill('tenant-1');
    await operation.getByRole('button', { name: 'Execute' }).click();
    const status = operation.locator('.live-responses-table tbody .response-col_status').first();
    await status.waitFor({ timeout: 30_000 });
    expect((await status.textContent())?.trim()).toBe('200');
    expect(
      await operation.locator('.live-responses-table tbody .response-col_description').first().textContent(),
    ).toContain('"success": true');

    violations.push(...(await page.evaluate<string[]>('window.violations')));
    expect(violations).toEqual([]);
    expect(errors.filter((error) => /Content Security Policy|Refused to/i.test(error))).toEqual([]);
  });

  it('cannot be framed by another page', async () => {
    const framing = await browser.newPage();
    await framing.setContent(`<iframe id="explorer" src="${t.baseUrl}/api/docs"></iframe>`);
    await framing.waitForTimeout(1_500);
    const frame = framing.frames().find((candidate) => candidate !== framing.mainFrame());
    // Chromium shows its own error page instead of the explorer: nothing of ours is rendered.
    const rendered = frame
      ? await frame
          .locator('#swagger-ui')
          .count()
          .catch(() => 0)
      : 0;
    expect(rendered).toBe(0);
    await framing.close();
  });
});
