import request from 'supertest';
import {
  OUTCOMES_BY_NETWORK_SQL,
  PUBLISHED_STATUSES,
  STATUS_SHAPES_BY_DAY_SQL,
} from '../../src/posts/post-charts.store';
import { DashboardUsersService } from '../../src/dashboard/users/dashboard-users.service';
import { ATTEMPT_DAYS_SQL } from '../../src/webhooks/webhook-insights.store';
import { signedIn } from '../support/dashboard';
import { startTestApp, TestApp, TestCustomer } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';

const PASSWORD = 'a long dashboard password';
const SECRET = 'whsec-dashboard-charts-secret-0123';
const UNESCAPED: Record<string, string> = {
  '&quot;': '"',
  '&#39;': "'",
  '&lt;': '<',
  '&gt;': '>',
  '&#96;': '`',
  '&amp;': '&',
};

/**
 * What the dashboard's charts and event page read, over HTTP with the real database: the charts'
 * statements are index ranges of the customer's last 30 days, and the event page shows the body
 * sent and the first bytes answered, never more than 512 bytes kept.
 */
describe('Dashboard charts and webhook exchanges (HTML over HTTP)', () => {
  let t: TestApp;
  let customer: TestCustomer;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    t = await startTestApp({ env: { ALLOW_PRIVATE_URLS: 'true' } });
    receiver = await WebhookReceiver.started();
    customer = await t.createCustomer('charts');
    await t.app.get(DashboardUsersService).create(customer.id, 'charts@example.com', PASSWORD);
    const put = await request(t.server)
      .put('/api/v1/webhooks')
      .set('Authorization', `Bearer ${customer.apiKey}`)
      .send({ url: receiver.url, webhook_secret: SECRET });
    expect(put.status).toBe(200);
  });
  afterAll(async () => {
    await receiver?.down();
    await t?.close();
  });

  async function indexesUsedBy(sql: string, params: unknown[]): Promise<string[]> {
    // As a table with many rows would make the planner do (these are near empty).
    await t.db.query('SET enable_seqscan = off');
    try {
      const [row] = await t.db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${sql}`, params);
      return [...JSON.stringify(row!['QUERY PLAN']).matchAll(/"Index Name":"([^"]+)"/g)].map((match) => match[1]!);
    } finally {
      await t.db.query('RESET enable_seqscan');
    }
  }

  it("reads each chart's rows by an index on the customer and time", async () => {
    const since = new Date(Date.now() - 30 * 24 * 3600 * 1000);
    expect(await indexesUsedBy(STATUS_SHAPES_BY_DAY_SQL, [customer.id, since])).toContain('posts_customer_page_idx');
    expect(await indexesUsedBy(OUTCOMES_BY_NETWORK_SQL, [customer.id, since, PUBLISHED_STATUSES])).toContain(
      'posts_customer_page_idx',
    );
    expect(await indexesUsedBy(ATTEMPT_DAYS_SQL, [customer.id, since])).toContain('webhook_attempts_customer_idx');
  });

  it('shows on the event page the payload sent and the first 512 bytes answered, and counts the attempt in the chart', async () => {
    const long = `{"error":"${'é'.repeat(400)}"}`; // 800+ bytes of UTF-8.
    receiver.answerNext({ status: 500, body: long });
    const sent = await request(t.server)
      .post('/api/v1/webhooks/test')
      .set('Authorization', `Bearer ${customer.apiKey}`);
    expect(sent.status).toBe(200);
    const eventId = sent.body.data.eventId as string;
    const received = receiver.receiptsOf(eventId)[0]!;

    const [stored] = await t.db.query<{ customer_id: string; response_prefix: string; bytes: number }>(
      'SELECT customer_id, response_prefix, octet_length(response_prefix) AS bytes FROM webhook_attempts WHERE event_id = $1',
      [eventId],
    );
    expect(stored!.customer_id).toBe(customer.id);
    expect(stored!.bytes).toBeLessThanOrEqual(512);
    expect(long.startsWith(stored!.response_prefix)).toBe(true);
    expect(stored!.response_prefix.length).toBeGreaterThan(200);

    const session = await signedIn(t, 'charts@example.com', PASSWORD);
    const page = await request(t.server).get(`/dashboard/webhook/events/${eventId}`).set('Cookie', session.cookie);
    expect(page.status).toBe(200);
    // The payload shown is the body the receiver got (indented for reading).
    const shown = /<pre class="exchange" id="payload-sent">([^<]*)<\/pre>/.exec(page.text)![1]!;
    const unescaped = shown.replace(/&(quot|#39|lt|gt|#96|amp);/g, (entity) => UNESCAPED[entity]!);
    expect(JSON.parse(unescaped)).toEqual(JSON.parse(received.raw.toString('utf8')));
    expect(page.text).toContain(`<pre class="exchange">${stored!.response_prefix.replace(/"/g, '&quot;')}</pre>`);
    // Neither the secret nor a signature is shown.
    expect(page.text).not.toContain(SECRET);
    expect(page.text).not.toContain(received.headers['webhook-signature'] as string);

    const overview = await request(t.server).get('/').set('Cookie', session.cookie);
    expect(overview.text).toContain('<p id="webhook-health-summary">1 attempts, 0 answered with a 2xx (0 %).</p>');
    expect(overview.text).toContain(
      '<svg class="chart-svg" viewBox="0 0 600 200" role="img" aria-labelledby="webhook-rate-chart-title webhook-rate-chart-desc"',
    );
    // No style attribute and no script in the charts (the CSP refuses both).
    expect(overview.text).not.toMatch(/\sstyle=/);
    expect(overview.headers['content-security-policy']).toContain("style-src 'self'");
  });
});
