import { Client } from 'pg';
import request from 'supertest';
import { RedirectUrlsService } from '../../src/customers/redirect-urls.service';
import { RefreshAccountTokenTask } from '../../src/token-lifecycle/refresh-account-token.task';
import { connectAccount, connectAccounts } from '../support/connect-account';
import { requestAuthUrl, browse, startEmulatedApp } from '../support/connect-flow';
import { createPost, settledPost } from '../support/posts';
import { TestApp, TestCustomer } from '../support/test-app';
import { lanesIdle, until } from '../support/until';
import { WebhookReceiver } from '../support/webhook-receiver';

const SECRET = 'whsec-test-0123456789abcdef';
const TENANT = 'tenant-events';
const REDIRECT = 'https://app.example.com/connected';

interface EventRow {
  id: string;
  type: string;
  data: Record<string, unknown>;
  delivery_status: string;
  failure_reason: string | null;
}

/** The catalogue beyond publishing's own events: disconnects, cancels, completed posts, expiring tokens; subscriptions; client_state. */
describe('Webhook events: the fuller catalogue, subscriptions and client_state', () => {
  let t: TestApp & { baseUrl: string };
  let receiver: WebhookReceiver;

  const auth = (customer: TestCustomer) => ({ Authorization: `Bearer ${customer.apiKey}` });
  const eventsOf = (customer: TestCustomer, type: string) =>
    t.db.query<EventRow>(
      'SELECT id, type, data, delivery_status, failure_reason FROM events WHERE customer_id = $1 AND type = $2 ORDER BY created_at',
      [customer.id, type],
    );
  const received = (type: string, match: (data: Record<string, unknown>) => boolean) =>
    until(`${type} to arrive`, () =>
      receiver.receipts.find((receipt) => receipt.body.event === type && match(receipt.body.data)),
    );

  async function customerWithWebhook(events?: string[]): Promise<TestCustomer> {
    const customer = await t.createCustomer();
    await t.app.get(RedirectUrlsService).add(customer.id, REDIRECT);
    const put = await request(t.server)
      .put('/api/v1/webhooks')
      .set(auth(customer))
      .send({ url: receiver.url, webhook_secret: SECRET, ...(events ? { events } : {}) });
    expect(put.status).toBe(200);
    return customer;
  }

  /** Connects `count` Facebook Pages of the emulator's user ada; returns their account ids. */
  async function connectPages(customer: TestCustomer, count: number): Promise<string[]> {
    const accounts = await connectAccounts(t, customer, 'facebook', TENANT, {
      choose: (offered) => offered.slice(0, count),
    });
    return accounts.map((account) => account.id);
  }

  beforeAll(async () => {
    receiver = await WebhookReceiver.started();
    t = await startEmulatedApp({ env: { ALLOW_PRIVATE_URLS: 'true', WEBHOOK_RETRY_SCHEDULE: '0s,1s,1s' } });
  });
  afterAll(async () => {
    await t.close();
    await receiver.down();
  });

  it('disconnecting an account sends account.disconnected once', async () => {
    const customer = await customerWithWebhook();
    const [accountId] = await connectPages(customer, 1);
    expect((await request(t.server).delete(`/api/v1/social-accounts/${accountId}`).set(auth(customer))).status).toBe(
      200,
    );
    expect((await request(t.server).delete(`/api/v1/social-accounts/${accountId}`).set(auth(customer))).status).toBe(
      200,
    );
    const receipt = await received('account.disconnected', (data) => data.connectedAccountId === accountId);
    expect(receipt.body.data).toEqual({
      connectedAccountId: accountId,
      platform: 'facebook',
      username: expect.any(String),
    });
    expect(await eventsOf(customer, 'account.disconnected')).toHaveLength(1);
  });

  it('canceling a scheduled post sends post.canceled, then post.completed with every delivery canceled', async () => {
    const customer = await customerWithWebhook();
    const accounts = await connectPages(customer, 2);
    const scheduledAt = new Date(Date.now() + 3_600_000).toISOString();
    const created = await createPost(t, customer, {
      tenant_id: TENANT,
      accounts,
      containers: [{ content: 'later' }],
      scheduledAt,
    });
    expect(created.status).toBe(202);
    const postId = created.body.data.id as string;
    const canceled = await request(t.server).delete(`/api/v1/posts/${postId}`).set(auth(customer));
    expect(canceled.status).toBeLessThan(300);
    const cancelReceipt = await received('post.canceled', (data) => data.servicePostId === postId);
    expect(cancelReceipt.body.data).toEqual({ servicePostId: postId, canceledDeliveryIds: expect.any(Array) });
    expect(cancelReceipt.body.data.canceledDeliveryIds).toHaveLength(2);
    const completed = await received('post.completed', (data) => data.servicePostId === postId);
    expect(completed.body.data).toEqual({
      servicePostId: postId,
      status: 'canceled',
      counts: { published: 0, failed: 0, canceled: 2 },
    });
  });

  it('a post to two accounts sends one post.completed with its counts', async () => {
    const customer = await customerWithWebhook();
    const accounts = await connectPages(customer, 2);
    const created = await createPost(t, customer, {
      tenant_id: TENANT,
      accounts,
      containers: [{ content: 'now, twice' }],
    });
    const postId = created.body.data.id as string;
    expect((await settledPost(t, customer, postId)).status).toBe('published');
    const completed = await received('post.completed', (data) => data.servicePostId === postId);
    expect(completed.body.data).toEqual({
      servicePostId: postId,
      status: 'published',
      counts: { published: 2, failed: 0, canceled: 0 },
    });
    // Made by a trigger, yet an id like every other event's: evt_ and base62.
    expect(completed.body.id).toMatch(/^evt_[0-9A-Za-z]{16,22}$/);
    expect(
      (await eventsOf(customer, 'post.completed')).filter((event) => event.data.servicePostId === postId),
    ).toHaveLength(1);
  });

  it('two deliveries of one post becoming final at the same moment, on two connections, record exactly one post.completed', async () => {
    const customer = await customerWithWebhook();
    const accounts = await connectPages(customer, 2);
    const scheduledAt = new Date(Date.now() + 3_600_000).toISOString();
    const created = await createPost(t, customer, {
      tenant_id: TENANT,
      accounts,
      containers: [{ content: 'race' }],
      scheduledAt,
    });
    const postId = created.body.data.id as string;
    const deliveryIds = (created.body.data.deliveries as Array<{ id: string }>).map((delivery) => delivery.id);
    const [first, second] = [new Client({ connectionString: t.db.url }), new Client({ connectionString: t.db.url })];
    await Promise.all([first.connect(), second.connect()]);
    try {
      await first.query('BEGIN');
      await second.query('BEGIN');
      // Both final writes are made before either commits: each sees the other's delivery still open in its own snapshot.
      await first.query(`UPDATE deliveries SET status = 'published', due_at = NULL WHERE id = $1`, [deliveryIds[0]]);
      const pid = (await second.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      let secondWritten = false;
      const secondWrite = second
        .query(`UPDATE deliveries SET status = 'failed', due_at = NULL WHERE id = $1`, [deliveryIds[1]])
        .then(() => (secondWritten = true));
      // The second write is made (or waits on a lock the first holds) before the first commits.
      await until('the second write to be made or to wait on the first', async () => {
        if (secondWritten) return true;
        const [waiting] = await t.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid = $1 AND cardinality(pg_blocking_pids(pid)) > 0',
          [pid],
        );
        return waiting!.n > 0;
      });
      await first.query('COMMIT');
      await secondWrite;
      await second.query('COMMIT');
    } finally {
      await Promise.all([first.end(), second.end()]);
    }
    const events = (await eventsOf(customer, 'post.completed')).filter((event) => event.data.servicePostId === postId);
    expect(events).toEqual([
      expect.objectContaining({
        data: {
          servicePostId: postId,
          status: 'partially_published',
          counts: { published: 1, failed: 1, canceled: 0 },
        },
      }),
    ]);
  });

  it('a token the service cannot refresh, expiring within 3 days, is announced once with account.token_expiring', async () => {
    const customer = await customerWithWebhook();
    const accountId = (await connectAccount(t, customer, 'x', TENANT)).id;
    await t.db.query(`UPDATE connected_accounts SET token_expires_at = now() + interval '5 minutes' WHERE id = $1`, [
      accountId,
    ]);
    const fault = await fetch(`${t.baseUrl}/emulator/control/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ network: 'x', fault: 'server_error', count: 3 }),
    });
    expect(fault.status).toBeLessThan(300);
    const task = t.app.get(RefreshAccountTokenTask);
    await expect(task.run({ accountId })).rejects.toThrow();
    await expect(task.run({ accountId })).rejects.toThrow();
    await fetch(`${t.baseUrl}/emulator/control/faults`, { method: 'DELETE' });
    const receipt = await received('account.token_expiring', (data) => data.connectedAccountId === accountId);
    expect(receipt.body.data).toEqual({
      connectedAccountId: accountId,
      platform: 'x',
      username: expect.any(String),
      expiresAt: expect.any(String),
      reason: expect.any(String),
    });
    expect(await eventsOf(customer, 'account.token_expiring')).toHaveLength(1);
  });

  it('events not subscribed are recorded as skipped and never sent; GET shows the subscription', async () => {
    const customer = await customerWithWebhook(['account.connected']);
    const view = await request(t.server).get('/api/v1/webhooks').set(auth(customer));
    expect(view.body.data.events).toEqual(['account.connected']);
    const [accountId] = await connectPages(customer, 1);
    await request(t.server).delete(`/api/v1/social-accounts/${accountId}`).set(auth(customer));
    await received('account.connected', (data) => data.connectedAccountId === accountId);
    const [disconnected] = await eventsOf(customer, 'account.disconnected');
    expect(disconnected!.delivery_status).toBe('skipped');
    expect(disconnected!.failure_reason).toBe('Not sent: the webhook endpoint is not subscribed to this event type');
    // Every attempt that was due has been made: had the skipped event been sent, it would be here.
    await lanesIdle(t.app);
    expect(receiver.receiptsOf(disconnected!.id)).toEqual([]);
  });

  it('PUT /webhooks refuses unknown and empty event lists; without events it subscribes to all', async () => {
    const customer = await customerWithWebhook();
    const put = (events: unknown) =>
      request(t.server)
        .put('/api/v1/webhooks')
        .set(auth(customer))
        .send({ url: receiver.url, webhook_secret: SECRET, events });
    for (const events of [[], ['post.nonsense'], 'post.failed']) {
      const answer = await put(events);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ success: false, error: expect.objectContaining({ code: 'validation_failed' }) });
    }
    const all = await request(t.server).get('/api/v1/webhooks').set(auth(customer));
    expect(all.body.data.events).toContain('post.completed');
    expect(all.body.data.events).toContain('account.token_expiring');
  });

  it('clientState comes back on the redirect (also as client_state), in the pending session and in account.connected', async () => {
    const customer = await customerWithWebhook();
    const clientState = 'user-42:9f86d081884c7d65';
    const authUrl = await request(t.server)
      .post('/api/v1/social-networks/facebook/auth-url')
      .set(auth(customer))
      .send({ tenant_id: TENANT, redirect_uri: REDIRECT, clientState });
    expect(authUrl.status).toBe(200);
    const trip = await browse(authUrl.body.data.auth_url);
    expect(trip.finalUrl.searchParams.get('clientState')).toBe(clientState);
    expect(trip.finalUrl.searchParams.get('client_state')).toBe(clientState);
    const session = trip.finalUrl.searchParams.get('session')!;
    const pending = await request(t.server).get(`/api/v1/social-accounts/pending/${session}`).set(auth(customer));
    expect(pending.body.data.clientState).toBe(clientState);
    const finalized = await request(t.server)
      .post(`/api/v1/social-accounts/pending/${session}/finalize`)
      .set(auth(customer))
      .send({ selectedPageIds: [pending.body.data.availablePages[0].id] });
    const accountId = finalized.body.data[0].id as string;
    const connected = await received('account.connected', (data) => data.connectedAccountId === accountId);
    expect(connected.body.data.clientState).toBe(clientState);

    // On an error redirect too (the user denied consent); the old name client_state still sets it.
    const denied = await request(t.server)
      .post('/api/v1/social-networks/facebook/auth-url')
      .set(auth(customer))
      .send({ tenant_id: TENANT, redirect_uri: REDIRECT, client_state: 'abc' });
    const deniedTrip = await browse(denied.body.data.auth_url, { decision: 'deny' });
    expect(deniedTrip.finalUrl.searchParams.get('error')).toBeTruthy();
    expect(deniedTrip.finalUrl.searchParams.get('clientState')).toBe('abc');
    expect(deniedTrip.finalUrl.searchParams.get('client_state')).toBe('abc');

    // Without one: none on the redirect, null in the session and the event.
    const plain = await requestAuthUrl(t, customer.apiKey, {
      network: 'facebook',
      tenantId: TENANT,
      redirectUri: REDIRECT,
    });
    const plainTrip = await browse(plain.body.data.auth_url);
    expect(plainTrip.finalUrl.searchParams.has('client_state')).toBe(false);
    expect(plainTrip.finalUrl.searchParams.has('clientState')).toBe(false);
  });

  it('takes clientState or its deprecated name client_state, both with one value, and refuses both with two', async () => {
    const customer = await customerWithWebhook();
    const authUrl = (body: Record<string, unknown>) =>
      request(t.server)
        .post('/api/v1/social-networks/facebook/auth-url')
        .set(auth(customer))
        .send({ tenant_id: TENANT, redirect_uri: REDIRECT, ...body });
    expect((await authUrl({ clientState: 'same', client_state: 'same' })).status).toBe(200);
    const conflict = await authUrl({ clientState: 'mine', client_state: 'theirs' });
    expect(conflict.status).toBe(400);
    expect(conflict.body.error).toEqual(
      expect.objectContaining({
        code: 'validation_failed',
        details: [
          {
            field: 'client_state',
            message:
              'client_state is the deprecated name of clientState: send clientState alone (or both with the same value)',
          },
        ],
      }),
    );
    const tooLong = await authUrl({ clientState: 'x'.repeat(257) });
    expect(tooLong.body.error.details).toEqual([expect.objectContaining({ field: 'clientState' })]);
    const hinted = await authUrl({ loginHint: 'a', login_hint: 'b' });
    expect(hinted.body.error.details).toEqual([expect.objectContaining({ field: 'login_hint' })]);
  });

  it('client_state of 0 or more than 256 characters is a 400 in the envelope', async () => {
    const customer = await customerWithWebhook();
    for (const clientState of ['', 'x'.repeat(257), 42]) {
      const answer = await request(t.server)
        .post('/api/v1/social-networks/facebook/auth-url')
        .set(auth(customer))
        .send({ tenant_id: TENANT, redirect_uri: REDIRECT, client_state: clientState });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        success: false,
        error: expect.objectContaining({
          code: 'validation_failed',
          details: [expect.objectContaining({ field: 'client_state' })],
        }),
      });
    }
    const longest = await request(t.server)
      .post('/api/v1/social-networks/facebook/auth-url')
      .set(auth(customer))
      .send({ tenant_id: TENANT, redirect_uri: REDIRECT, client_state: 'x'.repeat(256) });
    expect(longest.status).toBe(200);
  });
});
