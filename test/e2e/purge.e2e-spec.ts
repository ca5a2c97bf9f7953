import { PurgeExpiredConnectState } from '../../src/connect/purge-expired-connect-state.task';
import { PurgeIdempotencyKeys } from '../../src/posts/purge-idempotency-keys.task';
import { JobQueue } from '../../src/queue/job-queue';
import { PeriodicScheduler } from '../../src/scheduling/periodic-scheduler';
import { PURGE_IDEMPOTENCY_KEYS } from '../../src/scheduling/periodic-tasks';
import { startTestApp, TestApp } from '../support/test-app';
import { until } from '../support/until';

describe('Scheduled purges', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('deletes connect attempts and pending sessions a day after they expired, and keeps the rest', async () => {
    const { id: customerId } = await t.createCustomer();
    await t.db.query(
      `INSERT INTO connect_attempts (state_hash, customer_id, tenant_id, network, redirect_uri, code_verifier_encrypted, expires_at)
       VALUES ('old', $1, 't', 'x', 'https://a.example/cb', 'v1.x', now() - interval '2 days'),
              ('recent', $1, 't', 'x', 'https://a.example/cb', 'v1.x', now() - interval '1 hour'),
              ('live', $1, 't', 'x', 'https://a.example/cb', 'v1.x', now() + interval '10 minutes')`,
      [customerId],
    );
    await t.db.query(
      `INSERT INTO pending_sessions (id, token_hash, customer_id, tenant_id, network, pages, expires_at)
       VALUES ('pcs_old', 'h1', $1, 't', 'x', '[{"tokensEncrypted":"v1.secret"}]', now() - interval '3 days'),
              ('pcs_live', 'h2', $1, 't', 'x', '[]', now() + interval '10 minutes')`,
      [customerId],
    );
    await t.app.get(PurgeExpiredConnectState).run();
    expect(
      (await t.db.query<{ state_hash: string }>('SELECT state_hash FROM connect_attempts ORDER BY state_hash')).map(
        (r) => r.state_hash,
      ),
    ).toEqual(['live', 'recent']);
    expect((await t.db.query<{ id: string }>('SELECT id FROM pending_sessions')).map((r) => r.id)).toEqual([
      'pcs_live',
    ]);
  });

  it('deletes idempotency keys older than 24 hours', async () => {
    const { id: customerId } = await t.createCustomer();
    await t.db.query(
      `INSERT INTO idempotency_keys (customer_id, key, request_hash, created_at) VALUES ($1, 'old', 'h', now() - interval '25 hours'), ($1, 'new', 'h', now())`,
      [customerId],
    );
    await t.app.get(PurgeIdempotencyKeys).run();
    expect((await t.db.query<{ key: string }>('SELECT key FROM idempotency_keys')).map((r) => r.key)).toEqual(['new']);
  });

  it("runs a purge on the scheduler once a round: the tick that claims it queues the purge's job, which the worker runs", async () => {
    const { id: customerId } = await t.createCustomer();
    await t.db.query(
      `INSERT INTO idempotency_keys (customer_id, key, request_hash, created_at) VALUES ($1, 'stale', 'h', now() - interval '25 hours')`,
      [customerId],
    );
    const queued = () =>
      t.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = 'purge-idempotency-keys'",
      );
    const scheduler = t.app.get(PeriodicScheduler);
    // Whatever round the cron took before the test app stopped it is over.
    await t.db.query('DELETE FROM scan_rounds WHERE name = $1', [PURGE_IDEMPOTENCY_KEYS.name]);
    await scheduler.tick(PURGE_IDEMPOTENCY_KEYS);
    await until(
      'the purge job to delete the stale key',
      async () => (await t.db.query('SELECT 1 FROM idempotency_keys WHERE key = $1', ['stale'])).length === 0,
    );
    await until('the purge job to end', async () => (await queued())[0]!.n === 0);

    // A second tick in the same round (another instance's, a moment later) queues nothing.
    await t.db.query(
      `INSERT INTO idempotency_keys (customer_id, key, request_hash, created_at) VALUES ($1, 'stale', 'h', now() - interval '25 hours')`,
      [customerId],
    );
    await scheduler.tick(PURGE_IDEMPOTENCY_KEYS);
    expect((await queued())[0]!.n).toBe(0);
    expect(await t.db.query('SELECT 1 FROM idempotency_keys WHERE key = $1', ['stale'])).toHaveLength(1);
  });

  it("two instances' ticks of one purge at the same moment queue its job once", async () => {
    const other = await startTestApp({ databaseUrl: t.db.url });
    const queued = [t, other].map((instance) => jest.spyOn(instance.app.get(JobQueue), 'enqueueAlone'));
    try {
      await t.db.query('DELETE FROM scan_rounds WHERE name = $1', [PURGE_IDEMPOTENCY_KEYS.name]);
      await Promise.all([t, other].map((instance) => instance.app.get(PeriodicScheduler).tick(PURGE_IDEMPOTENCY_KEYS)));
      expect(queued[0]!.mock.calls.length + queued[1]!.mock.calls.length).toBe(1);
    } finally {
      for (const spy of queued) spy.mockRestore();
      await other.close();
    }
  });
});
