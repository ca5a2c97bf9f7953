import request from 'supertest';
import { base62, newId } from '../../src/common/ids';
import { RedirectUrlsService } from '../../src/customers/redirect-urls.service';
import { connectAccounts } from '../support/connect-account';
import { startEmulatedApp } from '../support/connect-flow';
import { createPost, settledPost } from '../support/posts';
import { TestApp, TestCustomer } from '../support/test-app';
import { until } from '../support/until';
import { WebhookReceiver } from '../support/webhook-receiver';

const SECRET = 'whsec-test-0123456789abcdef';
const TENANT = 'tenant-recording';
const REDIRECT = 'https://app.example.com/connected';
/** Long enough that no attempt is made while a test looks at the events. */
const FIRST_DELAY_MS = 60_000;

interface RecordedEvent {
  id: string;
  type: string;
  delivery_status: string;
  /** next_attempt_at - created_at, in milliseconds. */
  delay_ms: number | null;
}

/** The lengths an id's base62 digits decode to: 16 bytes, spelled back as they were, for an id of 128 random bits. */
function decodedId(id: string): Uint8Array {
  expect(id).toMatch(/^evt_[0-9A-Za-z]+$/);
  const bytes = base62.decode(id.slice('evt_'.length));
  expect(bytes).toHaveLength(16);
  expect(base62.encode(bytes)).toBe(id.slice('evt_'.length));
  return bytes;
}

/**
 * Every event is recorded by the database's record_event, whether the application or the
 * post.completed trigger records it: the same first delay (the retry schedule's first entry), the
 * same ids (128 random bits in base62, as src/common/ids.ts spells them).
 */
describe('Recording events: one home for the first delay and the ids', () => {
  let t: TestApp & { baseUrl: string };
  let receiver: WebhookReceiver;

  const auth = (customer: TestCustomer) => ({ Authorization: `Bearer ${customer.apiKey}` });
  const eventsOf = (customer: TestCustomer) =>
    t.db.query<RecordedEvent>(
      `SELECT id, type, delivery_status, (extract(epoch FROM next_attempt_at - created_at) * 1000)::float8 AS delay_ms
         FROM events WHERE customer_id = $1 ORDER BY created_at, id`,
      [customer.id],
    );

  beforeAll(async () => {
    receiver = await WebhookReceiver.started();
    t = await startEmulatedApp({
      env: { ALLOW_PRIVATE_URLS: 'true', WEBHOOK_RETRY_SCHEDULE: `${FIRST_DELAY_MS / 1000}s,5s` },
    });
  });
  afterAll(async () => {
    await t.close();
    await receiver.down();
  });

  it('post.completed waits the first delay, as post.published and every other event do', async () => {
    const customer = await t.createCustomer();
    await t.app.get(RedirectUrlsService).add(customer.id, REDIRECT);
    const put = await request(t.server)
      .put('/api/v1/webhooks')
      .set(auth(customer))
      .send({ url: receiver.url, webhook_secret: SECRET });
    expect(put.status).toBe(200);
    const [account] = await connectAccounts(t, customer, 'facebook', TENANT, {
      choose: (offered) => offered.slice(0, 1),
    });
    const created = await createPost(t, customer, {
      tenant_id: TENANT,
      accounts: [account!.id],
      containers: [{ content: 'hi' }],
    });
    expect(created.status).toBe(202);
    expect((await settledPost(t, customer, created.body.data.id as string)).status).toBe('published');
    const events = await until('post.completed to be recorded', async () => {
      const all = await eventsOf(customer);
      return all.some((event) => event.type === 'post.completed') && all;
    });
    expect(events.map((event) => event.type)).toEqual(
      expect.arrayContaining(['account.connected', 'post.published', 'post.completed']),
    );
    for (const event of events) {
      expect({ type: event.type, status: event.delivery_status, delayMs: event.delay_ms }).toEqual({
        type: event.type,
        status: 'pending',
        delayMs: FIRST_DELAY_MS,
      });
      decodedId(event.id);
    }
  });

  it('a resend is due after the first delay too', async () => {
    const customer = await t.createCustomer();
    await request(t.server)
      .put('/api/v1/webhooks')
      .set(auth(customer))
      .send({ url: receiver.url, webhook_secret: SECRET });
    await t.app.get(RedirectUrlsService).add(customer.id, REDIRECT);
    await connectAccounts(t, customer, 'facebook', TENANT, { choose: (offered) => offered.slice(0, 1) });
    const [event] = await eventsOf(customer);
    const resent = await request(t.server).post(`/api/v1/webhooks/deliveries/${event!.id}/resend`).set(auth(customer));
    expect(resent.status).toBe(202);
    const [due] = await t.db.query<{ in_ms: number }>(
      'SELECT (extract(epoch FROM next_attempt_at - now()) * 1000)::float8 AS in_ms FROM events WHERE id = $1',
      [event!.id],
    );
    expect(due!.in_ms).toBeGreaterThan(FIRST_DELAY_MS - 10_000);
    expect(due!.in_ms).toBeLessThanOrEqual(FIRST_DELAY_MS);
  });

  it("ids made by the database and by the application (the test event's) are 128 random bits, spelled alike", async () => {
    const fromDatabase = (
      await t.db.query<{ id: string }>('SELECT new_event_id() AS id FROM generate_series(1, 2000)')
    ).map((row) => row.id);
    const fromApplication = Array.from({ length: 2000 }, () => newId('event'));
    for (const ids of [fromDatabase, fromApplication]) {
      const decoded = ids.map(decodedId);
      // 128 bits, not fewer: over 2000 ids, some first byte has its top bit set (else 1 in 2^2000).
      expect(decoded.some((bytes) => bytes[0]! >= 0x80)).toBe(true);
      // A leading zero byte is spelled '0' (about 8 ids in 2000 have one; base-x keeps the length).
      expect(decoded.some((bytes) => bytes[0] === 0)).toBe(true);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });
});
