import { Database } from '../../src/database/database';
import { Pool } from 'pg';
import request from 'supertest';
import { PublishLane } from '../../src/posts/publish-lane';
import { DeliveriesStore } from '../../src/posts/deliveries.store';
import { PublishDeliveryTask } from '../../src/posts/publish-delivery.task';
import { LostClaimError } from '../../src/queue/lost-claim-error';
import { LaneRegistry } from '../../src/queue/work-lane';
import { WorkerHeartbeatsStore } from '../../src/queue/worker-heartbeats.store';
import { WorkerLiveness } from '../../src/queue/worker-liveness';
import { EventOutbox } from '../../src/webhooks/event-outbox';
import { WebhookDispatcher } from '../../src/webhooks/webhook-dispatcher';
import { startEmulatedApp } from '../support/connect-flow';
import { App, harness, TENANT } from '../support/emulated-customers';
import { pace, until } from '../support/until';

const DEAD_AFTER_MS = 2_000;

/**
 * The claims of the queues when things go wrong around them: many customers at their cap, a claim
 * whose answer is lost, a worker taken for dead that is still working, a database outage, and rows
 * written by code from before the queues. No worker runs in this app (ROLE=api): the test claims
 * by hand, as named workers, through the same SQL functions and services the lanes use.
 */
describe('Claims under trouble', () => {
  let t: App;
  let h: ReturnType<typeof harness>;
  let customers: Array<Awaited<ReturnType<ReturnType<typeof harness>['customerWithAccounts']>>>;

  const claim = (worker: string, wanted: number, cap: number) =>
    t.db.query<{ delivery_id: string; account_id: string }>(
      'SELECT delivery_id, account_id FROM claim_deliveries($1, $2, $3)',
      [worker, wanted, cap],
    );
  const claimedBy = async (worker: string) =>
    (
      await t.db.query<{ account_id: string }>(
        'SELECT account_id FROM publish_lanes WHERE claimed_by = $1 ORDER BY account_id',
        [worker],
      )
    ).map((row) => row.account_id);
  const beat = (worker: string, agoMs = 0) =>
    t.db.query(
      `INSERT INTO worker_heartbeats (worker_id, beat_at) VALUES ($1, now() - $2 * interval '1 millisecond')
       ON CONFLICT (worker_id) DO UPDATE SET beat_at = excluded.beat_at`,
      [worker, agoMs],
    );
  const freeAll = () =>
    t.db.query('SELECT release_lane(account_id, claimed_by) FROM publish_lanes WHERE claimed_by IS NOT NULL');

  beforeAll(async () => {
    t = await startEmulatedApp({
      env: { ROLE: 'api', WORKER_DEAD_AFTER_MS: String(DEAD_AFTER_MS), ALLOW_PRIVATE_URLS: 'true' },
    });
    h = harness(t);
    // Fifteen customers with two X profiles each, and a post due on every profile.
    customers = [];
    for (let index = 0; index < 15; index += 1) customers.push(await h.customerWithAccounts(2));
    for (const { customer, accounts } of customers) {
      for (const account of accounts)
        expect((await h.post(customer, account.id, `Due on ${account.id}`)).status).toBe(202);
    }
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });
  afterEach(async () => {
    await freeAll();
  });

  it('reaches a customer with room even when more than a dozen customers ahead of it are at their cap', async () => {
    const first = await claim('w-round', 15, 1);
    expect(new Set(first.map((row) => row.account_id)).size).toBe(15);
    // The last customer served gets its account back: it has room again, and its turn is the newest.
    const last = first[first.length - 1]!;
    await t.db.query('SELECT release_lane($1, $2)', [last.account_id, 'w-round']);
    const lastCustomer = customers.find(({ accounts }) => accounts.some((account) => account.id === last.account_id))!;

    const next = await claim('w-next', 1, 1);
    expect(next).toHaveLength(1);
    expect(lastCustomer.accounts.map((account) => account.id)).toContain(next[0]!.account_id);
  });

  it('lets go of the claims a worker does not hold (a claim whose answer was lost), and of no other', async () => {
    const claimed = await claim('w-lost', 4, 8);
    expect(claimed).toHaveLength(4);
    const [kept, ...lost] = claimed;
    // A lane held outside publishing (a token refresh) names no delivery: it is not a lost claim.
    const refreshing = customers[14]!.accounts[1]!.id;
    expect(claimed.map((row) => row.account_id)).not.toContain(refreshing);
    await t.db.query(
      "UPDATE publish_lanes SET claimed_by = 'w-lost', claimed_at = now(), delivery_id = NULL WHERE account_id = $1",
      [refreshing],
    );

    const released = await t.app
      .get(PublishLane)
      .releaseUnheld('w-lost', [{ deliveryId: kept!.delivery_id, accountId: kept!.account_id }]);
    expect(released).toBe(lost.length);
    expect(await claimedBy('w-lost')).toEqual([kept!.account_id, refreshing].sort());
    // What was let go is free, and due again.
    const lanes = await t.db.query<{ claimed_by: string | null; due: boolean }>(
      'SELECT claimed_by, due_at <= now() AS due FROM publish_lanes WHERE account_id = ANY($1)',
      [lost.map((row) => row.account_id)],
    );
    expect(lanes).toEqual(lost.map(() => ({ claimed_by: null, due: true })));
  });

  it('stops a worker that no longer holds its claim before it publishes or writes a checkpoint', async () => {
    const [claimed] = await claim('w-holder', 1, 8);
    const { delivery_id: deliveryId } = claimed!;
    const task = t.app.get(PublishDeliveryTask);
    const store = t.app.get(DeliveriesStore);
    const state = async () =>
      (
        await t.db.query<{ status: string; attempts: number; progress: unknown }>(
          'SELECT status, attempts, progress FROM deliveries WHERE id = $1',
          [deliveryId],
        )
      )[0]!;
    const before = await state();

    // Another worker (its claim let go and this delivery claimed by w-holder since).
    await beat('w-other');
    await expect(task.run(deliveryId, 'w-other')).rejects.toBeInstanceOf(LostClaimError);
    await expect(store.checkpoint(deliveryId, 'w-other', { marker: 'zombie' })).rejects.toBeInstanceOf(LostClaimError);
    // The holder itself, whose heartbeat is older than half of WORKER_DEAD_AFTER_MS: it may be swept any moment.
    await beat('w-holder', DEAD_AFTER_MS);
    await expect(task.run(deliveryId, 'w-holder')).rejects.toBeInstanceOf(LostClaimError);
    expect(await state()).toEqual(before);

    // Beating, it publishes.
    await beat('w-holder');
    await task.run(deliveryId, 'w-holder');
    expect((await state()).status).toBe('published');
  });

  it("never lets go of another worker's webhook claim", async () => {
    const { customer } = customers[0]!;
    const put = await request(t.server)
      .put('/api/v1/webhooks')
      .set('Authorization', `Bearer ${customer.apiKey}`)
      .send({ url: 'http://127.0.0.1:9/hooks', webhook_secret: 'whsec-claims-0123456789abcdef' });
    expect(put.status).toBe(200);
    await t.app.get(Database).transaction((transaction) =>
      t.app.get(EventOutbox).record(transaction, {
        customerId: customer.id,
        tenantId: TENANT,
        type: 'account.token_expired',
        data: { connectedAccountId: customers[0]!.accounts[0]!.id, platform: 'x', username: 'claims', reason: 'test' },
      }),
    );
    const [event] = await t.db.query<{ event_id: string }>('SELECT event_id FROM claim_events($1, 1, 10)', ['w-hook']);
    const dispatcher = t.app.get(WebhookDispatcher);
    const holder = async () =>
      (
        await t.db.query<{ claimed_by: string | null }>('SELECT claimed_by FROM events WHERE id = $1', [
          event!.event_id,
        ])
      )[0]!.claimed_by;

    await dispatcher.letGo(event!.event_id, 'w-someone-else');
    expect(await holder()).toBe('w-hook');
    await dispatcher.letGo(event!.event_id, 'w-hook');
    expect(await holder()).toBeNull();
  });

  it('does not take live workers for dead when the database comes back after an outage longer than WORKER_DEAD_AFTER_MS', async () => {
    const [claimed] = await claim('w-live', 1, 8);
    // As after an outage: every heartbeat is old, this live worker's included.
    await beat('w-live', 3 * DEAD_AFTER_MS);
    const pool = new Pool({ connectionString: t.db.url, max: 2 });
    const liveness = new WorkerLiveness(new WorkerHeartbeatsStore(pool), DEAD_AFTER_MS, t.app.get(LaneRegistry));
    let beating = true;
    // The live worker's own heartbeats resume as the database comes back (it beats every quarter).
    const otherBeats = (async () => {
      while (beating) {
        await pace(DEAD_AFTER_MS / 4, "a live worker's heartbeat rhythm");
        if (beating) await beat('w-live');
      }
    })();
    try {
      await liveness.trackBeating('w-sweeper');
      liveness.start();
      // Two sweeps made while it beats: each removes a long-silent sentinel, the sign it has run.
      for (const sweep of ['first', 'second']) {
        await beat('w-sentinel', 3 * DEAD_AFTER_MS);
        await until(
          `the sweeper's ${sweep} sweep`,
          async () => (await t.db.query("SELECT 1 FROM worker_heartbeats WHERE worker_id = 'w-sentinel'")).length === 0,
          4 * DEAD_AFTER_MS,
        );
      }
      expect(await claimedBy('w-live')).toEqual([claimed!.account_id]);

      // Once it really stops beating, it is dead, and its claim is let go.
      beating = false;
      await otherBeats;
      await until(
        'the dead worker to be swept',
        async () => (await claimedBy('w-live')).length === 0,
        4 * DEAD_AFTER_MS,
      );
    } finally {
      beating = false;
      await liveness.stop();
      await pool.end();
    }
  }, 30_000);

  it('gives a due time to a delivery written without one (by code from before the queues, during a rolling deploy)', async () => {
    const { customer, accounts } = await h.customerWithAccounts(1);
    const accepted = await h.post(customer, accounts[0]!.id, 'Written as old code would');
    expect(accepted.status).toBe(202);
    // The delivery as code from before the queues wrote it: no due_at (a column it did not know).
    const postId = accepted.body.data.id as string;
    await t.db.query('DELETE FROM deliveries WHERE post_id = $1', [postId]);
    await t.db.query(
      "INSERT INTO deliveries (id, post_id, customer_id, account_id, platform, status) VALUES ('dlv_old_code', $1, $2, $3, 'x', 'pending')",
      [postId, customer.id, accounts[0]!.id],
    );
    const [row] = await t.db.query<{ due: boolean }>(
      "SELECT due_at <= now() AS due FROM deliveries WHERE id = 'dlv_old_code'",
    );
    expect(row!.due).toBe(true);
    const claimed = await claim('w-deploy', 100, 100);
    expect(claimed.map((item) => item.delivery_id)).toContain('dlv_old_code');
  });
});
