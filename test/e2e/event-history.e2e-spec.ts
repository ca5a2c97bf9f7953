import { Client } from 'pg';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { MIGRATIONS } from '../../migrations';
import { EventHistory1795610000000 } from '../../migrations/1795610000000-event-history';
import { Database } from '../../src/database/database';
import { EventOutbox } from '../../src/webhooks/event-outbox';
import { EVENT_HISTORY_PAGE, PURGE_OLD_EVENTS } from '../../src/webhooks/event-history.sql';
import { PurgeOldEvents } from '../../src/webhooks/purge-old-events.task';
import { connectAccount } from '../support/connect-account';
import { startEmulatedApp } from '../support/connect-flow';
import { createPost, settledPost } from '../support/posts';
import { testWorldOf } from '../support/sandbox-worlds';
import { TestApp, TestCustomer } from '../support/test-app';
import { createTestDatabase } from '../support/test-database';
import { until } from '../support/until';
import { WebhookReceiver } from '../support/webhook-receiver';

const SECRET = 'whsec-test-0123456789abcdef';
const TENANT = 'tenant-history';

interface EventBody {
  id: string;
  event: string;
  tenantId: string | null;
  timestamp: string;
  data: Record<string, unknown>;
  livemode: boolean;
}

interface PlanNode {
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

interface Page {
  status: number;
  events: EventBody[];
  nextCursor: string | null;
  body: { success: boolean; error?: { code: string; message: string; details?: Array<{ field: string }> } };
}

/** The event history: every event, oldest first from a cursor, complete after an outage, none skipped by a late commit. */
describe('The event history (GET /api/v1/events)', () => {
  let t: TestApp & { baseUrl: string };

  const list = async (customer: TestCustomer, query = ''): Promise<Page> => {
    const answer = await request(t.server)
      .get(`/api/v1/events${query}`)
      .set('Authorization', `Bearer ${customer.apiKey}`);
    return {
      status: answer.status,
      events: answer.body.data as EventBody[],
      nextCursor: (answer.body.pagination?.nextCursor ?? null) as string | null,
      body: answer.body,
    };
  };
  const getOne = (customer: TestCustomer, id: string) =>
    request(t.server).get(`/api/v1/events/${id}`).set('Authorization', `Bearer ${customer.apiKey}`);

  /** Follows nextCursor from `after` (the start when absent) to the end; the events and the last id read. */
  async function readToEnd(
    customer: TestCustomer,
    after?: string,
    extra = '',
  ): Promise<{ events: EventBody[]; last?: string; pages: number }> {
    const events: EventBody[] = [];
    let cursor = after;
    let pages = 0;
    for (;;) {
      const page = await list(customer, `?${cursor ? `after=${cursor}&` : ''}${extra}`);
      expect(page.status).toBe(200);
      pages += 1;
      events.push(...page.events);
      if (page.events.length) cursor = page.events[page.events.length - 1]!.id;
      if (!page.nextCursor) return { events, last: cursor, pages };
      cursor = page.nextCursor;
    }
  }

  /**
   * The history from `after` once it lists `count` events: an event is listed once every transaction
   * that began writing before it has ended, which a background transaction of the app can delay.
   */
  const listedOnce = (customer: TestCustomer, count: number, after?: string) =>
    until(`${count} events to be listed`, async () => {
      const read = await readToEnd(customer, after);
      return read.events.length === count && read;
    });

  /** The customer's events as stored, in the history's order. */
  const storedOrder = async (customerId: string) =>
    (
      await t.db.query<{ id: string }>('SELECT id FROM events WHERE customer_id = $1 ORDER BY txid, seq', [customerId])
    ).map((row) => row.id);

  /** Records an event through the real outbox, as the services do. */
  const record = (customer: TestCustomer, username: string) =>
    t.app.get(Database).transaction((transaction) =>
      t.app.get(EventOutbox).record(transaction, {
        customerId: customer.id,
        tenantId: TENANT,
        type: 'account.token_expired',
        data: { connectedAccountId: 'acc_0000000000000000000000', platform: 'x', username, reason: 'test' },
      }),
    );

  beforeAll(async () => {
    t = await startEmulatedApp({
      env: { ALLOW_PRIVATE_URLS: 'true', WEBHOOK_RETRY_SCHEDULE: '0s,1s', WEBHOOK_TIMEOUT_MS: '2000' },
    });
  });
  afterAll(() => t.close());

  it("reads every event after an outage of the customer's receiver, complete and in order, as the webhooks carry them", async () => {
    const receiver = await WebhookReceiver.stopped();
    try {
      const customer = await t.createCustomer();
      // Made before any endpoint is set: recorded as skipped, and in the history all the same.
      const account = await connectAccount(t, customer, 'facebook', TENANT, { freshUser: true });
      const before = await listedOnce(customer, 1);
      expect(before.events.map((event) => event.event)).toEqual(['account.connected']);
      expect(before.events[0]).toEqual({
        id: expect.stringMatching(/^evt_/),
        event: 'account.connected',
        tenantId: TENANT,
        timestamp: expect.any(String),
        data: expect.objectContaining({ connectedAccountId: account.id, platform: 'facebook' }),
        livemode: true,
      });

      // The receiver is down: the events of three posts (one refused by the network) fail.
      expect(
        (
          await request(t.server)
            .put('/api/v1/webhooks')
            .set('Authorization', `Bearer ${customer.apiKey}`)
            .send({ url: receiver.url, webhook_secret: SECRET })
        ).status,
      ).toBe(200);
      const fault = await fetch(`${t.baseUrl}/emulator/control/faults`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          network: 'facebook',
          accountId: account.networkAccountId,
          fault: 'duplicate',
          count: 1,
        }),
      });
      expect(fault.status).toBeLessThan(300);
      const statuses: string[] = [];
      for (const content of ['refused', 'second', 'third']) {
        const accepted = await createPost(t, customer, {
          tenant_id: TENANT,
          accounts: [account.id],
          containers: [{ content }],
        });
        expect(accepted.status).toBe(202);
        statuses.push((await settledPost(t, customer, accepted.body.data.id)).status);
      }
      expect(statuses).toEqual(['failed', 'published', 'published']);
      // From the last event read before the outage, while the webhook is still retrying: every event
      // since, in the order they were recorded.
      const after = await listedOnce(customer, 6, before.last);
      const stored = await storedOrder(customer.id);
      expect(after.events.map((event) => event.id)).toEqual(stored.slice(1));
      expect(after.events.map((event) => event.event).sort()).toEqual(
        [
          'post.completed',
          'post.completed',
          'post.completed',
          'post.failed',
          'post.published',
          'post.published',
        ].sort(),
      );
      // Read again once every attempt has failed (they may have been retrying above): the same events.
      await until('every webhook attempt to have failed', async () => {
        const open = await t.db.query("SELECT 1 FROM events WHERE customer_id = $1 AND delivery_status = 'pending'", [
          customer.id,
        ]);
        return open.length === 0;
      });

      expect((await readToEnd(customer, before.last)).events).toEqual(after.events);
      const states = await t.db.query<{ delivery_status: string }>(
        'SELECT DISTINCT delivery_status FROM events WHERE customer_id = $1 AND id = ANY($2)',
        [customer.id, after.events.map((event) => event.id)],
      );
      expect(states).toEqual([{ delivery_status: 'failed' }]);

      // The receiver back, each event resent: it receives exactly the body the history answered.
      await receiver.up();
      for (const event of after.events) {
        expect(
          (
            await request(t.server)
              .post(`/api/v1/webhooks/deliveries/${event.id}/resend`)
              .set('Authorization', `Bearer ${customer.apiKey}`)
          ).status,
        ).toBe(202);
      }
      for (const event of after.events) {
        const receipt = await until(`${event.id} to arrive`, () => receiver.receiptsOf(event.id)[0]);
        expect(JSON.parse(receipt.raw.toString('utf8'))).toEqual(event);
        expect((await getOne(customer, event.id)).body).toEqual({ success: true, data: event });
      }

      // Nothing more since: the end again, from the last id read.
      expect(await list(customer, `?after=${after.last}`)).toEqual(
        expect.objectContaining({ status: 200, events: [], nextCursor: null }),
      );
    } finally {
      await receiver.down();
    }
  });

  it('pages with limit and after (or cursor, the same), and filters by types', async () => {
    const customer = await t.createCustomer();
    const ids: string[] = [];
    for (let i = 0; i < 7; i += 1) ids.push(await record(customer, `user${i}`));
    await t.app.get(Database).transaction((transaction) =>
      t.app.get(EventOutbox).record(transaction, {
        customerId: customer.id,
        tenantId: TENANT,
        type: 'post.canceled',
        data: { servicePostId: 'post_0000000000000000000000', canceledDeliveryIds: [] },
      }),
    );

    await listedOnce(customer, 8);
    const first = await list(customer, '?limit=3');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, data: expect.any(Array), pagination: { nextCursor: ids[2] } });
    expect(first.events.map((event) => event.id)).toEqual(ids.slice(0, 3));
    const second = await list(customer, `?limit=3&cursor=${first.nextCursor}`);
    expect(second.events.map((event) => event.id)).toEqual(ids.slice(3, 6));
    expect((await list(customer, `?limit=3&after=${first.nextCursor}&cursor=${first.nextCursor}`)).events).toEqual(
      second.events,
    );
    const all = await readToEnd(customer, undefined, 'limit=2');
    expect(all.pages).toBe(4);
    expect(all.events.map((event) => event.event)).toEqual([
      ...Array(7).fill('account.token_expired'),
      'post.canceled',
    ]);
    expect((await list(customer)).events).toHaveLength(8);

    const canceled = await list(customer, '?types=post.canceled,post.failed');
    expect(canceled.events.map((event) => event.event)).toEqual(['post.canceled']);
    expect(canceled.nextCursor).toBeNull();
    const repeated = await list(customer, '?types=post.failed&types=account.token_expired&limit=5');
    expect(repeated.events.map((event) => event.id)).toEqual(ids.slice(0, 5));

    for (const [query, field, words] of [
      ['?types=post.published,post.nonsense', 'types', 'unknown event type \\"post.nonsense'],
      ['?types=', 'types', 'at least one'],
      ['?limit=0', 'limit', ''],
      ['?limit=101', 'limit', ''],
      ['?after=not-an-id', 'after', 'event id'],
      ['?cursor=evt_0000000000000000000000', 'cursor', 'not one of your events'],
      [`?after=${ids[0]}&cursor=${ids[1]}`, 'cursor', 'same parameter'],
    ] as const) {
      const refused = await list(customer, query);
      expect({ query, status: refused.status, code: refused.body.error?.code }).toEqual({
        query,
        status: 400,
        code: 'validation_failed',
      });
      expect(refused.body.error?.details?.[0]?.field).toBe(field);
      expect(refused.body.error?.message + JSON.stringify(refused.body.error?.details)).toContain(words);
    }
  });

  it('answers one event, and 404 for an unknown id, a malformed one, or another customer’s; a test key sees its world only', async () => {
    const customer = await t.createCustomer();
    const stranger = await t.createCustomer();
    const id = await record(customer, 'someone');
    await listedOnce(customer, 1);
    const one = await getOne(customer, id);
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual(expect.objectContaining({ id, event: 'account.token_expired', livemode: true }));
    for (const [who, eventId] of [
      [stranger, id],
      [customer, 'evt_0000000000000000000000'],
      [customer, 'post_123'],
    ] as const) {
      const missing = await getOne(who, eventId);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({
        success: false,
        error: expect.objectContaining({ code: 'not_found', requestId: expect.any(String) }),
      });
    }
    // Another customer's id is no place to start from either.
    expect((await list(stranger, `?after=${id}`)).status).toBe(400);
    expect((await list(stranger)).events).toEqual([]);

    const world = await testWorldOf(t, customer);
    expect((await list(world)).events).toEqual([]);
    expect((await getOne(world, id)).status).toBe(404);
    const worldEvent = await record(world, 'sandboxed');
    await listedOnce(world, 1);
    expect((await list(world)).events).toEqual([expect.objectContaining({ id: worldEvent, livemode: false })]);
    expect((await list(customer)).events.map((event) => event.id)).toEqual([id]);
  });

  it('never skips an event whose transaction commits after a later one: it waits until the earlier has ended', async () => {
    const customer = await t.createCustomer();
    const seen = await readToEnd(customer, undefined);
    expect(seen.events).toEqual([]);
    const early = new Client({ connectionString: t.db.url });
    await early.connect();
    try {
      await early.query('BEGIN');
      const [{ id: earlyId }] = (
        await early.query<{ id: string }>('SELECT record_event($1, $2, $3, $4) AS id', [
          customer.id,
          TENANT,
          'account.token_expired',
          JSON.stringify({
            connectedAccountId: 'acc_0000000000000000000000',
            platform: 'x',
            username: 'early',
            reason: 'test',
          }),
        ])
      ).rows as [{ id: string }];
      // A later transaction records an event and commits first.
      const lateId = await record(customer, 'late');
      const [late] = await t.db.query<{ created_at: Date }>('SELECT created_at FROM events WHERE id = $1', [lateId]);
      // A cursor on (created_at, id) would answer the late event now and move past the early one,
      // whose created_at (its transaction's start) is earlier: it would never be read.
      const [earlyTime] = (await early.query<{ now: Date }>('SELECT now()')).rows;
      expect(earlyTime!.now.getTime()).toBeLessThan(late!.created_at.getTime());
      // The history holds the late event back while the early transaction is open.
      expect(await list(customer)).toEqual(expect.objectContaining({ status: 200, events: [], nextCursor: null }));

      await early.query('COMMIT');
      const after = await until('both events to be listed', async () => {
        const page = await list(customer);
        return page.events.length === 2 && page;
      });
      expect(after.events.map((event) => event.id)).toEqual([earlyId, lateId]);
    } finally {
      await early.end();
    }
  });

  it('reads every event, once and in order, while many transactions commit out of order', async () => {
    const customer = await t.createCustomer();
    const database = t.app.get(Database);
    const outbox = t.app.get(EventOutbox);
    let writing = true;
    const writer = async (name: string) => {
      for (let i = 0; i < 15; i += 1)
        await database.transaction(async (transaction) => {
          await outbox.record(transaction, {
            customerId: customer.id,
            tenantId: TENANT,
            type: 'account.token_expired',
            data: {
              connectedAccountId: 'acc_0000000000000000000000',
              platform: 'x',
              username: `${name}-${i}`,
              reason: 'r',
            },
          });
          // Held open for a while: transactions that began later commit before this one.
          await database.rows('SELECT pg_sleep($1)', [Math.random() * 0.03], transaction);
        });
    };
    const read: EventBody[] = [];
    let cursor: string | undefined;
    const reader = async () => {
      while (writing) {
        const page = await list(customer, `?limit=7${cursor ? `&after=${cursor}` : ''}`);
        expect(page.status).toBe(200);
        read.push(...page.events);
        if (page.events.length) cursor = page.events[page.events.length - 1]!.id;
      }
    };
    const reading = reader();
    await Promise.all(['a', 'b', 'c', 'd'].map(writer));
    writing = false;
    await reading;
    await until('the last events to settle', async () => (await readToEnd(customer)).events.length === 60);
    read.push(...(await readToEnd(customer, cursor)).events);

    const ids = read.map((event) => event.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(await storedOrder(customer.id));
    expect(ids).toHaveLength(60);
  });

  it("reads a page from the customer's place in events_history_idx, and purges through events_created_idx", async () => {
    const customer = await t.createCustomer();
    const after = await record(customer, 'someone');
    /** The plan's index scans, as `Index Name (Index Cond)`, with sequential scans discouraged as a big table would. */
    const indexScans = async (sql: string, params: unknown[]) => {
      const client = new Client({ connectionString: t.db.url });
      await client.connect();
      try {
        await client.query('SET enable_seqscan = off');
        const { rows } = await client.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
          `EXPLAIN (FORMAT JSON) ${sql}`,
          params,
        );
        const scans: string[] = [];
        const walk = (node: PlanNode) => {
          if (node['Index Name']) scans.push(`${node['Index Name']} (${node['Index Cond'] ?? ''})`);
          for (const child of node.Plans ?? []) walk(child);
        };
        walk(rows[0]!['QUERY PLAN'][0]!.Plan);
        return scans;
      } finally {
        await client.end();
      }
    };
    const page = await indexScans(EVENT_HISTORY_PAGE, [customer.id, after, 30, null, 1000, 21]);
    expect(page).toEqual(
      expect.arrayContaining([expect.stringMatching(/^events_history_idx \(.*customer_id.*txid.*seq/)]),
    );
    expect(await indexScans(PURGE_OLD_EVENTS, [30, 5000])).toEqual(
      expect.arrayContaining([expect.stringMatching(/^events_created_idx /)]),
    );
  });

  it('keeps 30 days: older events are purged once settled, and not listed meanwhile', async () => {
    const customer = await t.createCustomer();
    await t.db.query(
      `INSERT INTO events (id, customer_id, tenant_id, type, data, created_at, delivery_status, next_attempt_at)
       VALUES ('evt_old0000000000000000001', $1, $2, 'post.canceled', $3, now() - interval '31 days', 'skipped', NULL),
              ('evt_old0000000000000000002', $1, $2, 'post.canceled', $3, now() - interval '31 days', 'pending', now() + interval '1 day'),
              ('evt_new0000000000000000003', $1, $2, 'post.canceled', $3, now() - interval '29 days', 'failed', NULL)`,
      // A body as a real cancellation records (the history's answers are checked against the API document).
      [customer.id, TENANT, JSON.stringify({ servicePostId: 'post_gone', canceledDeliveryIds: ['dlv_gone'] })],
    );
    expect((await listedOnce(customer, 1)).events.map((event) => event.id)).toEqual(['evt_new0000000000000000003']);
    expect((await getOne(customer, 'evt_old0000000000000000001')).status).toBe(404);
    expect((await list(customer, '?after=evt_old0000000000000000001')).status).toBe(400);

    await t.app.get(PurgeOldEvents).run();
    const left = await t.db.query<{ id: string }>('SELECT id FROM events WHERE customer_id = $1 ORDER BY id', [
      customer.id,
    ]);
    // The pending one is purged once it settles.
    expect(left.map((row) => row.id)).toEqual(['evt_new0000000000000000003', 'evt_old0000000000000000002']);
  });

  it('gives the events made before the migration their order of creation, before any new one', async () => {
    const db = await createTestDatabase();
    const before = MIGRATIONS.slice(0, MIGRATIONS.indexOf(EventHistory1795610000000));
    const migrator = await new DataSource({
      type: 'postgres',
      url: db.url,
      migrations: before,
      migrationsTableName: 'schema_migrations',
    }).initialize();
    try {
      await migrator.runMigrations({ transaction: 'each' });
      await migrator.query("INSERT INTO customers (id, name) VALUES ('cus_old', 'old')");
      // Inserted out of their order of creation.
      await migrator.query(
        `INSERT INTO events (id, customer_id, type, data, created_at, delivery_status)
         VALUES ('evt_c', 'cus_old', 'post.canceled', '{}', now() - interval '1 hour', 'skipped'),
                ('evt_a', 'cus_old', 'post.canceled', '{}', now() - interval '3 hours', 'skipped'),
                ('evt_b', 'cus_old', 'post.canceled', '{}', now() - interval '2 hours', 'skipped')`,
      );
      const runner = migrator.createQueryRunner();
      try {
        await runner.startTransaction();
        await new EventHistory1795610000000().up(runner);
        await runner.commitTransaction();
      } finally {
        await runner.release();
      }
      await migrator.query(
        "INSERT INTO events (id, customer_id, type, data, delivery_status) VALUES ('evt_d', 'cus_old', 'post.canceled', '{}', 'skipped')",
      );
      const ordered = await migrator.query<Array<{ id: string }>>(
        "SELECT id FROM events WHERE customer_id = 'cus_old' ORDER BY txid, seq",
      );
      expect(ordered.map((row) => row.id)).toEqual(['evt_a', 'evt_b', 'evt_c', 'evt_d']);
    } finally {
      await migrator.destroy();
      await db.drop();
    }
  });
});
