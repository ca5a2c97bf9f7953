import { Database } from '../../src/database/database';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import { DashboardUsersService } from '../../src/dashboard/users/dashboard-users.service';
import { EventOutbox } from '../../src/webhooks/event-outbox';
import { connectAccount } from '../support/connect-account';
import { startEmulatedApp } from '../support/connect-flow';
import { signedIn } from '../support/dashboard';
import { createPost, settledPost } from '../support/posts';
import { startTestApp, TestApp, TestCustomer } from '../support/test-app';
import { Receipt, WebhookReceiver } from '../support/webhook-receiver';
import { lanesIdle, until } from '../support/until';

const SECRET = 'whsec-test-0123456789abcdef';
const TENANT = 'tenant-hooks';
/** Fast retries for the tests; production uses 0s,5s,5m,30m,2h,5h,10h,10h. */
const SCHEDULE = '0s,1s,1s,1s,1s,1s';

/** The receiver's check, as README documents it: HMAC-SHA256 over the raw body, compared in constant time. */
function signatureValid(receipt: Receipt, secret: string): boolean {
  const expected = Buffer.from(createHmac('sha256', secret).update(receipt.raw).digest('hex'), 'utf8');
  const given = Buffer.from(String(receipt.headers['x-service-signature'] ?? ''), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

interface EventState {
  delivery_status: string;
  attempts: number;
  failure_reason: string | null;
}

describe('Webhooks', () => {
  let t: TestApp & { baseUrl: string };
  let receiver: WebhookReceiver;

  const api = (customer: TestCustomer) => ({
    put: (body: unknown) =>
      request(t.server)
        .put('/api/v1/webhooks')
        .set('Authorization', `Bearer ${customer.apiKey}`)
        .send(body as object),
    get: () => request(t.server).get('/api/v1/webhooks').set('Authorization', `Bearer ${customer.apiKey}`),
    remove: () => request(t.server).delete('/api/v1/webhooks').set('Authorization', `Bearer ${customer.apiKey}`),
    test: () => request(t.server).post('/api/v1/webhooks/test').set('Authorization', `Bearer ${customer.apiKey}`),
    list: (query = '') =>
      request(t.server).get(`/api/v1/webhooks/deliveries${query}`).set('Authorization', `Bearer ${customer.apiKey}`),
    resend: (eventId: string) =>
      request(t.server)
        .post(`/api/v1/webhooks/deliveries/${eventId}/resend`)
        .set('Authorization', `Bearer ${customer.apiKey}`),
  });

  /** A customer whose webhook points at the receiver (the shared one, or a test's own when it plans answers). */
  async function subscribed(target: WebhookReceiver = receiver): Promise<TestCustomer> {
    const customer = await t.createCustomer();
    expect((await api(customer).put({ url: target.url, webhook_secret: SECRET })).status).toBe(200);
    return customer;
  }

  /** Records an event through the real outbox, as the connect flow and the publisher do. */
  async function recordEvent(target: TestApp, customer: TestCustomer, username = 'someone'): Promise<string> {
    return target.app.get(Database).transaction((transaction) =>
      target.app.get(EventOutbox).record(transaction, {
        customerId: customer.id,
        tenantId: TENANT,
        type: 'account.token_expired',
        data: { connectedAccountId: 'acc_0000000000000000000000', platform: 'x', username, reason: 'test' },
      }),
    );
  }

  const eventState = async (eventId: string): Promise<EventState> =>
    (
      await t.db.query<EventState>('SELECT delivery_status, attempts, failure_reason FROM events WHERE id = $1', [
        eventId,
      ])
    )[0]!;
  const settled = (eventId: string) =>
    until(`event ${eventId} to settle`, async () => {
      const state = await eventState(eventId);
      return state.delivery_status !== 'pending' && state;
    });

  beforeAll(async () => {
    receiver = new WebhookReceiver();
    await receiver.up();
    t = await startEmulatedApp({
      env: { ALLOW_PRIVATE_URLS: 'true', WEBHOOK_RETRY_SCHEDULE: SCHEDULE, WEBHOOK_TIMEOUT_MS: '2000' },
    });
  });
  afterAll(async () => {
    await t.close();
    await receiver.down();
  });

  describe('the endpoint', () => {
    it('is set, read and removed; the secret is never shown back', async () => {
      const customer = await t.createCustomer();
      const none = await api(customer).get();
      expect({ status: none.status, error: none.body.error }).toEqual({
        status: 404,
        error: {
          code: 'not_found',
          message: 'No webhook endpoint is set: PUT /api/v1/webhooks sets one',
          requestId: expect.any(String),
        },
      });
      const before = Date.now();
      const put = await api(customer).put({ url: receiver.url, webhook_secret: SECRET });
      expect(put.status).toBe(200);
      expect(put.body.data).toEqual({
        url: receiver.url,
        secretLast4: 'cdef',
        enabled: true,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        disabledAt: null,
        disabledReason: null,
        previousSecretExpiresAt: null,
        events: expect.arrayContaining(['post.completed']),
      });
      expect(JSON.stringify(put.body)).not.toContain(SECRET);
      expect(Date.parse(put.body.data.createdAt)).toBeGreaterThanOrEqual(before - 1000);
      const read = await api(customer).get();
      expect(read.body.data).toEqual(put.body.data);
      expect(JSON.stringify(read.body)).not.toContain(SECRET);
      // Set again: the same endpoint, first set when it was.
      const again = await api(customer).put({ url: `${receiver.url}/again`, webhook_secret: SECRET });
      expect(again.body.data).toEqual(
        expect.objectContaining({ url: `${receiver.url}/again`, createdAt: put.body.data.createdAt }),
      );
      await api(customer).put({ url: receiver.url, webhook_secret: SECRET });
      const [stored] = await t.db.query<{ secret_encrypted: string }>(
        'SELECT secret_encrypted FROM webhook_endpoints WHERE customer_id = $1',
        [customer.id],
      );
      expect(stored!.secret_encrypted).not.toContain(SECRET);
      expect((await api(customer).remove()).body.data).toEqual({ url: receiver.url, deleted: true });
      expect((await api(customer).get()).status).toBe(404);
      expect((await api(customer).remove()).status).toBe(404);
    });

    it.each([
      ['no url', { webhook_secret: SECRET }, 'url'],
      ['a url that is not one', { url: 'not a url', webhook_secret: SECRET }, 'url'],
      ['an ftp url', { url: 'ftp://example.com/hooks', webhook_secret: SECRET }, 'url'],
      ['a short secret', { url: 'https://example.com/hooks', webhook_secret: 'short' }, 'webhook_secret'],
      [
        'a 23-character secret (24 since rotation came)',
        { url: 'https://example.com/hooks', webhook_secret: 'x'.repeat(23) },
        'webhook_secret',
      ],
      ['a long secret', { url: 'https://example.com/hooks', webhook_secret: 'x'.repeat(257) }, 'webhook_secret'],
      [
        'a secret that is not a string',
        { url: 'https://example.com/hooks', webhook_secret: 1234567890123456 },
        'webhook_secret',
      ],
      ['an unknown field', { url: 'https://example.com/hooks', webhook_secret: SECRET, extra: 1 }, 'extra'],
    ])('refuses %s with a 400 naming the field', async (_, body, field) => {
      const response = await api(await t.createCustomer()).put(body);
      expect(response.status).toBe(400);
      expect(response.body.error.details.map((detail: { field: string }) => detail.field)).toContain(field);
    });

    it('takes webhook_secret: null as leaving it out: the service makes the secret (it answered 500)', async () => {
      const put = await api(await t.createCustomer()).put({ url: receiver.url, webhook_secret: null });
      expect(put.status).toBe(200);
      expect(put.body.data.webhookSecret).toMatch(/^whsec_/);
    });

    it('the test event and resend are a 409 webhook_not_configured without an endpoint', async () => {
      const customer = await t.createCustomer();
      const tested = await api(customer).test();
      expect(tested.status).toBe(409);
      expect(tested.body.error.code).toBe('webhook_not_configured');
      expect((await api(customer).resend('evt_0000000000000000000000')).body.error.code).toBe('webhook_not_configured');
    });
  });

  describe('where private addresses are not allowed (production)', () => {
    let strict: TestApp;
    beforeAll(async () => {
      strict = await startTestApp();
    });
    afterAll(async () => strict.close());

    it.each([
      ['plain http', 'http://example.com/hooks', 'url must use https ('],
      ['a loopback address', 'https://127.0.0.1/hooks', 'private'],
      ['localhost', 'https://localhost/hooks', 'private'],
      ['a private address', 'https://10.1.2.3/hooks', 'private'],
      ['a link-local address', 'https://169.254.169.254/latest', 'private'],
      ['an IPv6 loopback', 'https://[::1]/hooks', 'private'],
    ])('refuses %s', async (_, url, message) => {
      const customer = await strict.createCustomer();
      const response = await request(strict.server)
        .put('/api/v1/webhooks')
        .set('Authorization', `Bearer ${customer.apiKey}`)
        .send({ url, webhook_secret: SECRET });
      expect(response.status).toBe(400);
      expect(response.body.error.details[0]).toEqual({ field: 'url', message: expect.stringContaining(message) });
    });

    it.each([
      [
        'plain http',
        'http://example.com/hooks',
        'url must use https (http is allowed for local development with ALLOW_PRIVATE_URLS=true, which production refuses)',
      ],
      [
        'a private address',
        'https://192.168.1.20/hooks',
        'url must not point at a private or loopback address (allowed for local development with ALLOW_PRIVATE_URLS=true, which production refuses)',
      ],
    ])('says how to allow %s for local development', async (_, url, message) => {
      const customer = await strict.createCustomer();
      const response = await request(strict.server)
        .put('/api/v1/webhooks')
        .set('Authorization', `Bearer ${customer.apiKey}`)
        .send({ url, webhook_secret: SECRET });
      expect(response.body.error.details).toEqual([{ field: 'url', message }]);
    });

    it('says the same on the dashboard', async () => {
      const customer = await strict.createCustomer();
      await strict.app
        .get(DashboardUsersService)
        .create(customer.id, 'ops-strict@example.com', 'a long dashboard password');
      const session = await signedIn(strict, 'ops-strict@example.com', 'a long dashboard password');
      const answer = await request(strict.server)
        .post('/dashboard/webhook')
        .set('Cookie', session.cookie)
        .type('form')
        .send({ _csrf: session.csrf, url: 'http://example.com/hooks', webhook_secret: SECRET });
      expect(answer.status).toBe(400);
      expect(answer.text).toContain('http is allowed for local development with ALLOW_PRIVATE_URLS=true');
    });
  });

  describe('the test event', () => {
    it('is signed over the exact bytes, and answered with the attempt', async () => {
      const customer = await subscribed();
      const response = await api(customer).test();
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual({
        eventId: expect.stringMatching(/^evt_/),
        delivered: true,
        statusCode: 200,
        durationMs: expect.any(Number),
      });
      const [receipt] = receiver.receiptsOf(response.body.data.eventId);
      expect(signatureValid(receipt!, SECRET)).toBe(true);
      expect(signatureValid(receipt!, 'another-secret-0123456789')).toBe(false);
      expect(receipt!.headers['x-service-signature']).toMatch(/^[0-9a-f]{64}$/);
      expect(receipt!.headers['x-service-event-id']).toBe(response.body.data.eventId);
      expect(receipt!.headers['x-service-timestamp']).toMatch(/^\d{10}$/);
      expect(receipt!.headers['content-type']).toBe('application/json');
      expect(receipt!.body).toEqual({
        id: response.body.data.eventId,
        event: 'webhook.test',
        tenantId: null,
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        data: { message: expect.any(String) },
        livemode: true,
      });
      // The fields receivers read before livemode came are where they were, byte for byte: it is added last.
      expect(receipt!.raw.toString('utf8')).toMatch(
        /^\{"id":"evt_\w+","event":"webhook\.test","tenantId":null,"timestamp":"[^"]+","data":\{"message":"[^"]+"\},"livemode":true\}$/,
      );
    });

    it('reports a receiver that cannot be reached, without retrying', async () => {
      const customer = await t.createCustomer();
      const closed = new WebhookReceiver();
      await closed.up();
      await closed.down();
      await api(customer).put({ url: closed.url, webhook_secret: SECRET });
      const response = await api(customer).test();
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual(
        expect.objectContaining({ delivered: false, statusCode: null, error: expect.stringContaining('ECONNREFUSED') }),
      );
      expect(await eventState(response.body.data.eventId)).toEqual(
        expect.objectContaining({ delivery_status: 'failed', attempts: 1 }),
      );
    });
  });

  describe('delivery from the outbox', () => {
    it('sends account.connected when an account is connected, signed, with the event id in a header', async () => {
      const customer = await subscribed();
      const account = await connectAccount(t, customer, 'x', TENANT);
      const receipt = await until('account.connected', async () =>
        receiver.receipts.find(
          (item) => item.body.event === 'account.connected' && item.body.data.connectedAccountId === account.id,
        ),
      );
      expect(signatureValid(receipt, SECRET)).toBe(true);
      expect(receipt.headers['x-service-event-id']).toBe(receipt.body.id);
      expect(receipt.body).toEqual({
        id: expect.stringMatching(/^evt_/),
        event: 'account.connected',
        tenantId: TENANT,
        timestamp: expect.stringMatching(/\.\d{3}Z$/),
        data: {
          connectedAccountId: account.id,
          platform: 'x',
          username: account.username,
          nickname: account.nickname,
          clientState: null,
        },
        livemode: true,
      });

      // And a post published to it sends post.published with the network's id.
      const accepted = await createPost(t, customer, {
        tenant_id: TENANT,
        accounts: [account.id],
        containers: [{ content: 'Webhook me' }],
      });
      const post = await settledPost(t, customer, accepted.body.data.id);
      const published = await until('post.published', async () =>
        receiver.receipts.find(
          (item) => item.body.event === 'post.published' && item.body.data.servicePostId === post.id,
        ),
      );
      expect(published.body.data).toEqual({
        servicePostId: post.id,
        deliveryId: post.deliveries[0]!.id,
        connectedAccountId: account.id,
        platform: 'x',
        platformPostId: post.deliveries[0]!.platformPostId,
        permalink: post.deliveries[0]!.permalink,
      });
    });

    it('retries while the receiver is down, then delivers once; every attempt is recorded', async () => {
      const flaky = new WebhookReceiver();
      await flaky.up();
      const customer = await t.createCustomer();
      await api(customer).put({ url: flaky.url, webhook_secret: SECRET });
      // Up, but failing twice: one 500, one connection hung up; then it answers 200.
      flaky.answerNext({ status: 500 }, 'hang-up');
      const eventId = await recordEvent(t, customer);
      expect(await settled(eventId)).toEqual(expect.objectContaining({ delivery_status: 'delivered', attempts: 3 }));
      expect(
        flaky.receiptsOf(eventId).filter((receipt) => receipt.headers['x-service-event-id'] === eventId),
      ).toHaveLength(3);
      // Every attempt carried the same bytes and signature.
      expect(new Set(flaky.receiptsOf(eventId).map((receipt) => receipt.raw.toString('base64'))).size).toBe(1);
      const listed = (await api(customer).list()).body.data.find((event: { id: string }) => event.id === eventId);
      expect(listed).toEqual(
        expect.objectContaining({
          status: 'delivered',
          deliveredAt: expect.any(String),
          failureReason: null,
          livemode: true,
        }),
      );
      expect(listed.attempts).toEqual([
        expect.objectContaining({ attempt: 1, statusCode: 500, error: expect.stringContaining('500') }),
        expect.objectContaining({ attempt: 2, statusCode: null, error: expect.any(String) }),
        expect.objectContaining({ attempt: 3, statusCode: 200, error: null, durationMs: expect.any(Number) }),
      ]);
      await flaky.down();
    });

    it('keeps trying while the receiver refuses connections, and delivers once it is back', async () => {
      const receiverLater = new WebhookReceiver();
      await receiverLater.up();
      await receiverLater.down();
      const customer = await t.createCustomer();
      await api(customer).put({ url: receiverLater.url, webhook_secret: SECRET });
      const eventId = await recordEvent(t, customer);
      await until('two failed attempts', async () => (await eventState(eventId)).attempts >= 2);
      await receiverLater.up();
      expect(await settled(eventId)).toEqual(expect.objectContaining({ delivery_status: 'delivered' }));
      expect(receiverLater.receiptsOf(eventId)).toHaveLength(1);
      await receiverLater.down();
    });

    it('waits as long as Retry-After asks', async () => {
      const own = await WebhookReceiver.started();
      const customer = await subscribed(own);
      own.answerNext({ status: 503, headers: { 'Retry-After': '3' } });
      const eventId = await recordEvent(t, customer, 'patient');
      expect((await settled(eventId)).delivery_status).toBe('delivered');
      await own.down();
      const [first, second] = own.receiptsOf(eventId);
      // The schedule alone would retry after about 1 s.
      expect(second!.at - first!.at).toBeGreaterThanOrEqual(2_900);
    });

    it('marks the event failed after the last attempt, with the reason', async () => {
      const own = await WebhookReceiver.started();
      const customer = await subscribed(own);
      own.answerNext(...Array.from({ length: 6 }, () => ({ status: 500 })));
      const eventId = await recordEvent(t, customer);
      expect(await settled(eventId)).toEqual({
        delivery_status: 'failed',
        attempts: 6,
        failure_reason: 'No 2xx answer after 6 attempts',
      });
      await own.down();
      const failed = (await api(customer).list('?status=failed')).body.data;
      expect(failed.map((event: { id: string }) => event.id)).toEqual([eventId]);
    });

    it('a 410 disables the endpoint: later events are skipped, resend and test are refused, PUT enables it again', async () => {
      const own = await WebhookReceiver.started();
      const customer = await subscribed(own);
      own.answerNext({ status: 410 });
      const gone = await recordEvent(t, customer);
      expect(await settled(gone)).toEqual(expect.objectContaining({ delivery_status: 'failed', attempts: 1 }));
      expect((await api(customer).get()).body.data).toEqual(
        expect.objectContaining({
          enabled: false,
          disabledAt: expect.any(String),
          disabledReason: expect.stringContaining('410'),
        }),
      );
      const skipped = await recordEvent(t, customer);
      expect(await eventState(skipped)).toEqual(
        expect.objectContaining({
          delivery_status: 'skipped',
          failure_reason: 'Not sent: the webhook endpoint was disabled (it answered 410 Gone)',
        }),
      );
      const refused = await api(customer).resend(gone);
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('webhook_disabled');
      expect((await api(customer).test()).body.error.code).toBe('webhook_disabled');
      expect(own.receipts).toHaveLength(1);

      await api(customer).put({ url: own.url, webhook_secret: SECRET });
      expect((await api(customer).get()).body.data).toEqual(
        expect.objectContaining({ enabled: true, disabledAt: null }),
      );
      expect((await api(customer).resend(skipped)).status).toBe(202);
      expect((await settled(skipped)).delivery_status).toBe('delivered');
      await own.down();
    });

    it('resends an event: the same id and bytes, attempts numbered on', async () => {
      const customer = await subscribed();
      const eventId = await recordEvent(t, customer);
      await settled(eventId);
      const resent = await api(customer).resend(eventId);
      expect(resent.status).toBe(202);
      expect(resent.body.data).toEqual(expect.objectContaining({ id: eventId, status: 'pending' }));
      await until('the resent copy', async () => receiver.receiptsOf(eventId).length === 2);
      const [first, second] = receiver.receiptsOf(eventId);
      expect(second!.raw.equals(first!.raw)).toBe(true);
      expect(signatureValid(second!, SECRET)).toBe(true);
      const listed = await until('two recorded attempts', async () => {
        const event = (await api(customer).list()).body.data.find((item: { id: string }) => item.id === eventId);
        return event?.attempts.length === 2 && event;
      });
      expect(listed.attempts.map((attempt: { attempt: number }) => attempt.attempt)).toEqual([1, 2]);
      expect((await api(await t.createCustomer()).resend(eventId)).status).toBe(409);
      const stranger = await subscribed();
      expect((await api(stranger).resend(eventId)).status).toBe(404);
    });

    it('fails an event visibly when the secret cannot be opened (its ciphertext damaged)', async () => {
      const customer = await subscribed();
      await t.db.query(
        "UPDATE webhook_endpoints SET secret_encrypted = regexp_replace(secret_encrypted, '\\.[^.]+$', '.AAAA') WHERE customer_id = $1",
        [customer.id],
      );
      const eventId = await recordEvent(t, customer);
      expect(await settled(eventId)).toEqual({
        delivery_status: 'failed',
        attempts: 0,
        failure_reason: expect.stringContaining('cannot be opened'),
      });
      const tested = await api(customer).test();
      expect({ status: tested.status, code: tested.body.error.code }).toEqual({
        status: 409,
        code: 'webhook_secret_unreadable',
      });
    });

    it('does not follow redirects: a 3xx is a failed attempt', async () => {
      const target = await WebhookReceiver.started();
      const redirecting = await WebhookReceiver.started();
      const customer = await subscribed(redirecting);
      redirecting.answerNext(...Array.from({ length: 6 }, () => ({ status: 307, headers: { Location: target.url } })));
      const eventId = await recordEvent(t, customer);
      expect((await settled(eventId)).delivery_status).toBe('failed');
      expect(target.receipts).toHaveLength(0);
      const [listed] = (await api(customer).list()).body.data;
      expect(listed.attempts[0]).toEqual(
        expect.objectContaining({ statusCode: 307, error: expect.stringContaining('307') }),
      );
      await Promise.all([target.down(), redirecting.down()]);
    });

    it('gives up on an attempt after WEBHOOK_TIMEOUT_MS, and retries', async () => {
      const slow = await WebhookReceiver.started();
      const customer = await subscribed(slow);
      slow.answerNext({ status: 200, delayMs: 4_000 });
      const eventId = await recordEvent(t, customer);
      expect((await settled(eventId)).delivery_status).toBe('delivered');
      const [listed] = (await api(customer).list()).body.data;
      expect(listed.attempts[0]).toEqual(
        expect.objectContaining({ statusCode: null, error: 'No answer within 2000 ms' }),
      );
      expect(listed.attempts[0].durationMs).toBeLessThan(3_500);
      expect(listed.attempts[1]).toEqual(expect.objectContaining({ statusCode: 200 }));
      await slow.down();
    });

    it('a resend while an attempt is under way: the new round decides, the stale attempt is only recorded', async () => {
      const own = await WebhookReceiver.started();
      const customer = await subscribed(own);
      // The first attempt hangs for 1.5 s and then fails; meanwhile the event is resent and delivered.
      own.answerNext({ status: 500, delayMs: 1_500 });
      const eventId = await recordEvent(t, customer);
      await until('the first attempt to arrive', async () => own.receiptsOf(eventId).length === 1);
      expect((await api(customer).resend(eventId)).status).toBe(202);
      await until('the stale attempt to be recorded', async () => (await eventState(eventId)).attempts === 2, 10_000);
      // The stale attempt's work has ended and anything it made due has been attempted.
      await lanesIdle(t.app);
      expect(await eventState(eventId)).toEqual({ delivery_status: 'delivered', attempts: 2, failure_reason: null });
      // No retry was queued by the stale failure.
      expect(own.receiptsOf(eventId)).toHaveLength(2);
      await own.down();
    });

    it('wakes no worker for an event nobody will receive', async () => {
      // Every NOTIFY serialises the commits that send one; events without an endpoint must not.
      // A database of its own, served by an API-only instance (no worker, no cron): any
      // notification heard there comes from these events.
      const quiet = await startTestApp({ env: { ROLE: 'api', ALLOW_PRIVATE_URLS: 'true' } });
      const listener = new Client({ connectionString: quiet.db.url });
      await listener.connect();
      const heard: string[] = [];
      listener.on('notification', (message) => heard.push(`${message.channel}:${message.payload ?? ''}`));
      await listener.query('LISTEN queue_due');
      try {
        await recordEvent(quiet, await quiet.createCustomer());
        // PostgreSQL delivers notifications in the order their transactions committed: once a
        // notification sent after the event's commit has arrived, one sent by that commit would have too.
        await quiet.db.query("NOTIFY queue_due, 'probe'");
        await until('the probe notification', async () => heard.includes('queue_due:probe'));
        expect(heard).toEqual(['queue_due:probe']);
        const subscriber = await quiet.createCustomer();
        await request(quiet.server)
          .put('/api/v1/webhooks')
          .set('Authorization', `Bearer ${subscriber.apiKey}`)
          .send({ url: receiver.url, webhook_secret: SECRET });
        await recordEvent(quiet, subscriber);
        await until('the notification of a due attempt', async () => heard.length > 1);
        expect(heard.slice(1)).toContain('queue_due:webhook');
      } finally {
        await listener.end();
        await quiet.close();
      }
    });

    it('records events as skipped when no webhook is set', async () => {
      const customer = await t.createCustomer();
      const eventId = await recordEvent(t, customer);
      expect(await eventState(eventId)).toEqual({
        delivery_status: 'skipped',
        attempts: 0,
        failure_reason: 'Not sent: no webhook endpoint was set',
      });
    });
  });

  describe('the delivery log', () => {
    it('filters by event and status, and pages with a cursor without skipping or repeating', async () => {
      const customer = await subscribed();
      const ids: string[] = [];
      for (let index = 0; index < 5; index += 1) ids.push(await recordEvent(t, customer));
      for (const id of ids) await settled(id);
      const test = (await api(customer).test()).body.data.eventId;

      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: request.Response = await api(customer).list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        expect(page.status).toBe(200);
        seen.push(...page.body.data.map((event: { id: string }) => event.id));
        cursor = page.body.pagination.nextCursor;
      } while (cursor);
      expect(seen).toEqual([test, ...[...ids].reverse()]);

      const onlyTests = (await api(customer).list('?event=webhook.test')).body.data;
      expect(onlyTests.map((event: { id: string }) => event.id)).toEqual([test]);
      expect((await api(customer).list('?status=pending')).body.data).toEqual([]);
    });

    it.each([
      ['an unknown event', '?event=post.exploded', 'event'],
      ['an unknown status', '?status=lost', 'status'],
      ['a limit too large', '?limit=1000', 'limit'],
      ['a forged cursor', `?cursor=${Buffer.from('nope|evt_1').toString('base64url')}`, 'cursor'],
    ])('refuses %s with a 400', async (_, query, field) => {
      const response = await api(await t.createCustomer()).list(query);
      expect(response.status).toBe(400);
      expect(response.body.error.details.map((detail: { field: string }) => detail.field)).toContain(field);
    });
  });

  describe('across a restart of the service', () => {
    it('an event whose first attempt failed is delivered by the next process', async () => {
      const later = new WebhookReceiver();
      await later.up();
      await later.down();
      // The same key: the second process must open the secret the first one sealed.
      const env = {
        ALLOW_PRIVATE_URLS: 'true',
        WEBHOOK_RETRY_SCHEDULE: '0s,2s,2s,2s,2s',
        ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      };
      // A database of its own: no other instance may run its jobs meanwhile.
      const first = await startEmulatedApp({ env });
      const stateIn = async (eventId: string) =>
        (
          await first.db.query<EventState>(
            'SELECT delivery_status, attempts, failure_reason FROM events WHERE id = $1',
            [eventId],
          )
        )[0]!;
      const customer = await first.createCustomer();
      await request(first.server)
        .put('/api/v1/webhooks')
        .set('Authorization', `Bearer ${customer.apiKey}`)
        .send({ url: later.url, webhook_secret: SECRET });
      const eventId = await recordEvent(first, customer);
      await until('the first failed attempt', async () => (await stateIn(eventId)).attempts >= 1);
      await first.app.close();

      await later.up();
      const second = await startEmulatedApp({ env, databaseUrl: first.db.url });
      try {
        const state = await until('delivery by the second process', async () => {
          const current = await stateIn(eventId);
          return current.delivery_status !== 'pending' && current;
        });
        expect(state.delivery_status).toBe('delivered');
        expect(later.receiptsOf(eventId)).toHaveLength(1);
      } finally {
        await second.close();
        await first.db.drop();
        await later.down();
      }
    });
  });
});
