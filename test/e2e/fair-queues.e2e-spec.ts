import { Database } from '../../src/database/database';
import request from 'supertest';
import { EventOutbox } from '../../src/webhooks/event-outbox';
import { startEmulatedApp } from '../support/connect-flow';
import { App, harness, TENANT } from '../support/emulated-customers';
import { settledPost } from '../support/posts';
import { TestCustomer } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';
import { pace, until } from '../support/until';

describe('Fair queues: publishing over many customers', () => {
  let t: App;
  let h: ReturnType<typeof harness>;

  beforeAll(async () => {
    // Few slots, and one customer may hold only 2 of them: a backlog cannot take them all.
    t = await startEmulatedApp({
      env: { WORKER_CONCURRENCY: '4', PUBLISH_CUSTOMER_MAX_IN_FLIGHT: '2', QUEUE_POLL_MS: '200' },
    });
    h = harness(t);
    expect((await h.control('/settings', { xDuplicateDetection: false }, 'PUT')).status).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it("publishes another customer's post while one customer's backlog waits, and never holds more than the cap for one customer", async () => {
    const busy = await h.customerWithAccounts(6);
    const other = await h.customerWithAccounts(1);
    // Each of the busy customer's posts takes 250 ms at the network: its backlog of 60 needs many seconds.
    for (const account of busy.accounts) {
      expect(
        (await h.control('/faults', { network: 'x', accountId: account.networkAccountId, fault: 'slow', delayMs: 250 }))
          .status,
      ).toBeLessThan(300);
    }
    for (let round = 0; round < 10; round += 1) {
      const accepted = await Promise.all(
        busy.accounts.map((account, index) => h.post(busy.customer, account.id, `Backlog ${round}.${index}`)),
      );
      expect(accepted.map((answer) => answer.status)).toEqual(busy.accounts.map(() => 202));
    }

    let sampling = true;
    let mostInFlight = 0;
    const sampler = (async () => {
      while (sampling) {
        const [row] = await t.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM publish_lanes WHERE customer_id = $1 AND claimed_by IS NOT NULL',
          [busy.customer.id],
        );
        mostInFlight = Math.max(mostInFlight, row!.n);
        await pace(20, "the sampler's interval");
      }
    })();

    const single = await h.post(other.customer, other.accounts[0]!.id, 'Not behind anyone');
    expect(single.status).toBe(202);
    const settled = await settledPost(t, other.customer, single.body.data.id, 20_000);
    expect(settled.status).toBe('published');
    // Published while most of the other customer's backlog still waited.
    expect(await h.openDeliveries(busy.customer)).toBeGreaterThan(30);

    await until('the backlog to drain', async () => (await h.openDeliveries(busy.customer)) === 0, 90_000);
    sampling = false;
    await sampler;
    expect(mostInFlight).toBe(2);
    const [published] = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM deliveries WHERE customer_id = $1 AND status = 'published'",
      [busy.customer.id],
    );
    expect(published!.n).toBe(60);
    await h.control('/faults', undefined, 'DELETE');
  }, 150_000);
});

describe('Fair queues: one account at a time under many workers', () => {
  let t: App;
  let h: ReturnType<typeof harness>;

  beforeAll(async () => {
    t = await startEmulatedApp({
      env: { WORKER_CONCURRENCY: '16', PUBLISH_CUSTOMER_MAX_IN_FLIGHT: '16', QUEUE_POLL_MS: '100' },
    });
    h = harness(t);
    expect((await h.control('/settings', { xDuplicateDetection: false }, 'PUT')).status).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it('never has two deliveries of one account in flight, while accounts publish side by side', async () => {
    const { customer, accounts } = await h.customerWithAccounts(3);
    for (const account of accounts) {
      expect(
        (await h.control('/faults', { network: 'x', accountId: account.networkAccountId, fault: 'slow', delayMs: 60 }))
          .status,
      ).toBeLessThan(300);
    }
    let sampling = true;
    let overlapping = 0;
    let sideBySide = 0;
    const sampler = (async () => {
      while (sampling) {
        const rows = await t.db.query<{ account_id: string; n: number }>(
          "SELECT account_id, count(*)::int AS n FROM deliveries WHERE customer_id = $1 AND status = 'publishing' GROUP BY account_id",
          [customer.id],
        );
        if (rows.some((row) => row.n > 1)) overlapping += 1;
        if (rows.length > 1) sideBySide += 1;
        await pace(10, "the sampler's interval");
      }
    })();
    // Each account's posts one after another (so their order is defined), the accounts side by side.
    await Promise.all(
      accounts.map(async (account, index) => {
        for (let n = 0; n < 12; n += 1)
          expect((await h.post(customer, account.id, `Serial ${index}.${n}`)).status).toBe(202);
      }),
    );

    await until('every post to publish', async () => (await h.openDeliveries(customer)) === 0, 90_000);
    sampling = false;
    await sampler;
    expect(overlapping).toBe(0);
    expect(sideBySide).toBeGreaterThan(0);
    // Each account's posts went out one after another, in the order they were accepted.
    const published = (
      (await (await h.control('/published?network=x', undefined, 'GET')).json()) as {
        data: Array<{ accountId: string; text: string }>;
      }
    ).data;
    for (const [index, account] of accounts.entries()) {
      expect(published.filter((item) => item.accountId === account.networkAccountId).map((item) => item.text)).toEqual(
        Array.from({ length: 12 }, (_, n) => `Serial ${index}.${n}`),
      );
    }
    await h.control('/faults', undefined, 'DELETE');
  }, 150_000);
});

describe('Fair queues: a hanging webhook receiver', () => {
  let t: App;
  let h: ReturnType<typeof harness>;

  beforeAll(async () => {
    t = await startEmulatedApp({
      env: {
        ALLOW_PRIVATE_URLS: 'true',
        WORKER_CONCURRENCY: '2',
        WEBHOOK_CONCURRENCY: '4',
        WEBHOOK_CUSTOMER_MAX_IN_FLIGHT: '2',
        WEBHOOK_TIMEOUT_MS: '5000',
        WEBHOOK_RETRY_SCHEDULE: '0s,1s,1s',
        QUEUE_POLL_MS: '200',
      },
    });
    h = harness(t);
  });
  afterAll(async () => {
    await t.close();
  });

  async function recordEvents(customer: TestCustomer, count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let index = 0; index < count; index += 1) {
      ids.push(
        await t.app.get(Database).transaction((transaction) =>
          t.app.get(EventOutbox).record(transaction, {
            customerId: customer.id,
            tenantId: TENANT,
            type: 'account.token_expired',
            data: {
              connectedAccountId: 'acc_0000000000000000000000',
              platform: 'x',
              username: `user${index}`,
              reason: 'test',
            },
          }),
        ),
      );
    }
    return ids;
  }
  const statusOf = async (ids: string[]) =>
    t.db.query<{ delivery_status: string; attempts: number }>(
      'SELECT delivery_status, attempts FROM events WHERE id = ANY($1)',
      [ids],
    );

  it("delays only its own customer's events, keeps publishing going, and loses nothing", async () => {
    const hanging = await WebhookReceiver.started();
    const healthy = await WebhookReceiver.started();
    try {
      const stuck = await h.customerWithAccounts(0);
      const fine = await h.customerWithAccounts(1);
      for (const [customer, receiver] of [
        [stuck.customer, hanging],
        [fine.customer, healthy],
      ] as const) {
        const put = await request(t.server)
          .put('/api/v1/webhooks')
          .set('Authorization', `Bearer ${customer.apiKey}`)
          .send({ url: receiver.url, webhook_secret: 'whsec-fair-0123456789abcdef' });
        expect(put.status).toBe(200);
      }
      // Every request to the hanging receiver waits far longer than the service's timeout, until it has seen 8.
      hanging.answerNext(...Array.from({ length: 8 }, () => ({ status: 200, delayMs: 60_000 })));

      const stuckEvents = await recordEvents(stuck.customer, 8);
      await until('the hanging receiver to hold its share', async () => hanging.receipts.length >= 2, 30_000);
      const fineEvents = await recordEvents(fine.customer, 8);
      const post = await h.post(fine.customer, fine.accounts[0]!.id, 'Published beside a hanging receiver');
      expect(post.status).toBe(202);

      await until(
        'the healthy customer to get its events',
        async () => (await statusOf(fineEvents)).every((event) => event.delivery_status === 'delivered'),
        15_000,
      );
      expect((await settledPost(t, fine.customer, post.body.data.id, 15_000)).status).toBe('published');
      // Meanwhile the hanging receiver holds no more than its customer's cap, and none of its attempts has ended.
      expect(hanging.receipts.length).toBe(2);
      expect((await statusOf(stuckEvents)).every((event) => event.attempts === 0)).toBe(true);
      // (It also heard of the published post.)
      for (const id of fineEvents) expect(healthy.receiptsOf(id)).toHaveLength(1);

      // Once its hanging answers are used up, the stuck customer's events all arrive: nothing is lost.
      await until(
        'the stuck customer to get every event',
        async () => (await statusOf(stuckEvents)).every((event) => event.delivery_status === 'delivered'),
        90_000,
      );
      for (const id of stuckEvents) expect(hanging.receiptsOf(id).length).toBeGreaterThanOrEqual(1);
    } finally {
      await hanging.down();
      await healthy.down();
    }
  }, 150_000);
});
