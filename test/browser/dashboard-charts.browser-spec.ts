import { Browser, Page } from 'playwright-core';
import request from 'supertest';
import { RedirectUrlsService } from '../../src/customers/redirect-urls.service';
import { DashboardUsersService } from '../../src/dashboard/users/dashboard-users.service';
import { PostView } from '../../src/posts/dto/post.view';
import { describeInBrowser, launchBrowser, screenshotBothWidths, WIDTHS } from '../support/browser';
import { startEmulatedApp } from '../support/connect-flow';
import { createPost, settledPost } from '../support/posts';
import { connectWorldAccount, control, testWorldOf } from '../support/sandbox-worlds';
import { TestApp, TestCustomer } from '../support/test-app';
import { until } from '../support/until';
import { WebhookReceiver } from '../support/webhook-receiver';

const EMAIL = 'charts@example.com';
const PASSWORD = 'a long dashboard password';
const TENANT = 'tenant-charts';
const REDIRECT = 'https://app.example.com/connected';
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

interface ApiEvent {
  id: string;
  status: string;
  attempts: Array<{ statusCode: number | null }>;
}

/**
 * The overview's charts in Chromium, against what the API answers: posts published and failed
 * with a test key, webhook attempts answered and refused, then the figures the charts draw (read
 * from the SVG and the tables beside it) compared with GET /posts and GET /webhooks/deliveries.
 */
describeInBrowser()('Dashboard charts in a real browser', () => {
  let t: TestApp & { baseUrl: string };
  let sandbox: TestCustomer;
  let browser: Browser;
  let page: Page;
  let receiver: WebhookReceiver;
  let posts: PostView[];
  const cspViolations: string[] = [];
  const api = () => ({ Authorization: `Bearer ${sandbox.apiKey}` });

  beforeAll(async () => {
    t = await startEmulatedApp({ env: { ALLOW_PRIVATE_URLS: 'true' } });
    receiver = await WebhookReceiver.started();
    const live = await t.createCustomer('Charts Inc');
    await t.app.get(RedirectUrlsService).add(live.id, REDIRECT);
    await t.app.get(DashboardUsersService).create(live.id, EMAIL, PASSWORD);
    sandbox = await testWorldOf(t, live);
    const account = await connectWorldAccount(t, sandbox, 'x', TENANT, REDIRECT);
    const put = await request(t.server)
      .put('/api/v1/webhooks')
      .set(api())
      .send({ url: receiver.url, webhook_secret: 'whsec-charts-browser-secret-0123' });
    expect(put.status).toBe(200);

    // Two webhook tests: the receiver refuses the first (with a body), takes the second.
    receiver.answerNext({ status: 503, body: 'busy, try later' });
    for (let index = 0; index < 2; index += 1)
      expect((await request(t.server).post('/api/v1/webhooks/test').set(api())).status).toBe(200);

    // An uploaded image (its thumbnail on the post page), two posts published, one failed.
    const medium = await request(t.server)
      .post('/api/v1/media')
      .set(api())
      .send({ contentType: 'image/jpeg', size: JPEG.length, filename: 'a.jpg' });
    const uploaded = await fetch(medium.body.data.uploadUrl as string, {
      method: 'PUT',
      body: JPEG,
      headers: { 'Content-Type': 'image/jpeg' },
    });
    expect(uploaded.status).toBe(200);
    const publish = async (containers: object[]) => {
      const created = await createPost(t, sandbox, { tenant_id: TENANT, accounts: [account.id], containers });
      expect(created.status).toBe(202);
      return settledPost(t, sandbox, created.body.data.id as string);
    };
    const withImage = await publish([{ content: 'A picture', media: [{ id: medium.body.data.id }] }]);
    const plain = await publish([{ content: 'Just words' }]);
    const fault = await control(t, '/faults', {
      key: sandbox.apiKey,
      method: 'POST',
      body: { network: 'x', fault: 'duplicate', count: 1 },
    });
    expect(fault.status).toBe(201);
    const failed = await publish([{ content: 'Said before' }]);
    posts = [withImage, plain, failed];
    expect(posts.map((post) => post.status)).toEqual(['published', 'published', 'failed']);
    // Every event's delivery over (none pending), so the attempts stop changing.
    await until('the webhook events to be delivered', async () => {
      const events = (await request(t.server).get('/api/v1/webhooks/deliveries?limit=100').set(api())).body
        .data as ApiEvent[];
      return events.length > 2 && events.every((event) => event.status !== 'pending');
    });

    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: WIDTHS.desktop, baseURL: t.baseUrl });
    page = await context.newPage();
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    await page.goto('/dashboard/sign-in');
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The session opens on the world of the key last used: the test key's.
    await expect(page.getByRole('button', { name: 'Test' }).getAttribute('aria-pressed')).resolves.toBe('true');
  });
  afterAll(async () => {
    await browser?.close();
    await receiver?.down();
    await t?.close();
  });

  const today = () => new Date().toISOString().slice(0, 10);
  const cells = (selector: string) =>
    page.locator(selector).evaluateAll((found) => found.map((cell) => cell.textContent?.trim() ?? ''));

  it('draws posts per day by status with the counts GET /posts answers', async () => {
    const listed = (await request(t.server).get(`/api/v1/posts?tenantId=${TENANT}&limit=100`).set(api())).body
      .data as PostView[];
    const byStatus: Record<string, number> = {};
    for (const post of listed) byStatus[post.status] = (byStatus[post.status] ?? 0) + 1;
    expect(byStatus).toEqual({ published: 2, failed: 1 });

    await page.goto('/');
    for (const [status, count] of Object.entries(byStatus)) {
      // The legend's total, the bar of today in the SVG, and today's row of the figures.
      await expect(page.locator(`ul.legend li[data-series="${status}"] strong`).textContent()).resolves.toBe(
        String(count),
      );
      await expect(
        page
          .locator(`#posts-chart g.bar[data-label="${today()}"] rect[data-series="${status}"]`)
          .getAttribute('data-value'),
      ).resolves.toBe(String(count));
    }
    const headers = await cells('#posts-chart-table thead th');
    const row = await cells(`#posts-chart-table tbody tr:has(th:text-is("${today()}")) > *`);
    expect(Object.fromEntries(headers.slice(1).map((header, index) => [header, Number(row[index + 1])]))).toEqual(
      byStatus,
    );
    // Drawn: the SVG has a size, and its bars the stylesheet's colours (the CSP let the stylesheet apply).
    const box = await page.locator('#posts-chart').boundingBox();
    expect(box!.width).toBeGreaterThan(200);
    expect(box!.height).toBeGreaterThan(50);
    await expect(
      page.evaluate<string>(
        `getComputedStyle(document.querySelector('#posts-chart rect[data-series="published"]')).fill`,
      ),
    ).resolves.toBe('rgb(18, 183, 106)');
    await expect(page.locator('#posts-chart title').first().textContent()).resolves.toBe('Posts per day, last 30 days');
  });

  it("draws each network's delivery success rate with the outcomes of the API's deliveries", async () => {
    const deliveries = posts.flatMap((post) => post.deliveries);
    const published = deliveries.filter((delivery) => delivery.status === 'published').length;
    const failed = deliveries.filter((delivery) => delivery.status === 'failed').length;
    await page.goto('/');
    expect(await cells('#networks-chart-table tr[data-network="x"] > *')).toEqual([
      'x',
      String(published),
      String(failed),
      `${Math.round((published / (published + failed)) * 100)} %`,
    ]);
    await expect(page.locator('#networks-chart g.rate[data-label="x"]').getAttribute('data-part')).resolves.toBe(
      String(published),
    );
  });

  it('draws the webhook success rate and median latency per day with the attempts GET /webhooks/deliveries lists', async () => {
    const events = (await request(t.server).get('/api/v1/webhooks/deliveries?limit=100').set(api())).body
      .data as ApiEvent[];
    const attempts = events.flatMap((event) => event.attempts);
    const succeeded = attempts.filter((attempt) => attempt.statusCode !== null && attempt.statusCode < 300).length;
    expect(attempts.length - succeeded).toBe(1);

    await page.goto('/');
    await expect(page.locator('#webhook-health-summary').textContent()).resolves.toBe(
      `${attempts.length} attempts, ${succeeded} answered with a 2xx (${Math.round((succeeded / attempts.length) * 100)} %).`,
    );
    const row = await cells(`#webhook-chart-table tbody tr:has(th:text-is("${today()}")) > *`);
    expect(row.slice(0, 3)).toEqual([today(), String(attempts.length), String(succeeded)]);
    expect(row[4]).toMatch(/^\d+ ms$/);
    await expect(
      page.locator(`#webhook-rate-chart circle[data-label="${today()}"]`).getAttribute('data-value'),
    ).resolves.toBe(String((succeeded / attempts.length) * 100));
    await expect(page.locator('#webhook-latency-chart circle').count()).resolves.toBe(1);
    await screenshotBothWidths(page, 'overview-charts');
    expect(cspViolations).toEqual([]);
  });

  it('previews what a delivery published: its text, the thumbnail from our media store, the permalink', async () => {
    const [withImage] = posts;
    const delivery = withImage!.deliveries[0]!;
    await page.goto(`/dashboard/posts/${withImage!.id}`);
    const preview = page.locator(`#preview-${delivery.id}`);
    await expect(preview.locator('.preview-text').first().textContent()).resolves.toBe('A picture');
    await expect(preview.getByRole('link', { name: delivery.permalink! }).isVisible()).resolves.toBe(true);
    const image = preview.locator('img');
    await expect(image.getAttribute('src')).resolves.toMatch(new RegExp(`^${t.baseUrl}/media-files/med_`));
    // Loaded, under the page's CSP (img-src 'self').
    await until('the thumbnail to load', () =>
      image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth > 0),
    );
    await screenshotBothWidths(page, 'post-preview');
    expect(cspViolations).toEqual([]);
  });

  it("shows a webhook event's payload as sent and the start of the receiver's answer", async () => {
    const refused = receiver.receipts.find((receipt) => receipt.body.event === 'webhook.test')!;
    await page.goto(`/dashboard/webhook/events/${refused.body.id}`);
    const shown = await page.locator('#payload-sent').textContent();
    expect(JSON.parse(shown!)).toEqual(JSON.parse(refused.raw.toString('utf8')));
    await expect(page.locator('#attempts-table tbody tr').first().textContent()).resolves.toContain('busy, try later');
    await screenshotBothWidths(page, 'webhook-event-exchange');
  });
});
