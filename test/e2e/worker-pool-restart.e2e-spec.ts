import { Client } from 'pg';
import { startTestApp, TestApp } from '../support/test-app';
import { until } from '../support/until';

/**
 * The job worker recovers when the database refuses to record jobs' ends. The postgres-outage
 * drill found it dead after an outage: graphile-worker (0.17.3) shut its pool down after a failed
 * completion, as expected, but its batcher counts pending batches wrong once a second batch has
 * failed (below zero), so the pool's end waited forever for the count to come back to zero, and
 * nothing started a new pool. The process stayed up, beating for a pool that took no jobs, and
 * every account queue that pool had locked stayed locked.
 *
 * The same sequence here, with real refusals: a trigger makes PostgreSQL refuse to delete a
 * finished job (what a completion does), and table locks hold jobs back so that two completions
 * fail apart while a third job is still running; that one then fails (its query canceled), which
 * the database does record, and the pool ends.
 */
describe('The job worker after its pool shut itself down', () => {
  let t: TestApp;
  const lockers: Client[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    for (let index = 0; index < 2; index += 1) {
      const locker = new Client({ connectionString: t.db.url });
      await locker.connect();
      lockers.push(locker);
    }
  });
  afterAll(async () => {
    for (const locker of lockers) await locker.end();
    await t.close();
  });

  const addJob = (task: string, key: string) =>
    t.db.query('SELECT graphile_worker.add_job($1, $2::json, job_key => $3)', [task, '{}', key]);
  const count = async (sql: string) => (await t.db.query<{ n: number }>(sql))[0]!.n;
  const waitingOn = (statement: string) =>
    `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '${statement}%'`;
  /** Completions refused so far: a sequence, which a refused (rolled back) completion still advances. */
  const refusals = async () =>
    count('SELECT CASE WHEN is_called THEN last_value ELSE 0 END::int AS n FROM completion_refusals');

  it("starts a new pool, which takes jobs again and frees the old one's queues, after two completions failed apart", async () => {
    const [held, running] = lockers as [Client, Client];
    await t.db.query(`
      CREATE SEQUENCE completion_refusals;
      CREATE FUNCTION refuse_job_completion() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM nextval('completion_refusals'); RAISE EXCEPTION 'completion refused (test)'; END $$;
      CREATE TRIGGER refuse_job_completion BEFORE DELETE ON graphile_worker._private_jobs FOR EACH ROW EXECUTE FUNCTION refuse_job_completion();
    `);
    await held.query('BEGIN');
    await held.query('LOCK TABLE idempotency_keys IN ACCESS EXCLUSIVE MODE');
    await running.query('BEGIN');
    await running.query('LOCK TABLE connect_attempts IN ACCESS EXCLUSIVE MODE');
    await addJob('purge-idempotency-keys', 'second');
    await addJob('purge-expired-connect-state', 'third');
    await until(
      'the second and third jobs to wait on the locks',
      async () =>
        (await count(waitingOn('DELETE FROM idempotency_keys'))) === 1 &&
        (await count(waitingOn('DELETE FROM connect_attempts'))) === 1,
      10_000,
      200,
    );

    // First completion refused: the pool starts shutting down, waiting for its two running jobs.
    await addJob('purge-quiet-sign-in-failures', 'first');
    await until('the first completion to be refused', async () => (await refusals()) === 1, 10_000, 200);
    // Second completion refused, apart from the first.
    await held.query('COMMIT');
    await until('the second completion to be refused', async () => (await refusals()) === 2, 10_000, 200);
    // The last running job fails; the pool's workers are all done.
    await t.db.query(
      "SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'DELETE FROM connect_attempts%'",
    );
    await running.query('ROLLBACK');
    await until(
      'the failure of the last running job to be recorded',
      async () =>
        (await count(
          "SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE key = 'third' AND last_error IS NOT NULL",
        )) === 1,
      10_000,
      200,
    );
    await t.db.query(
      'DROP TRIGGER refuse_job_completion ON graphile_worker._private_jobs; DROP FUNCTION refuse_job_completion(); DROP SEQUENCE completion_refusals',
    );

    // The database records jobs again: a job queued now runs, and so do the old pool's.
    await t.db.query(
      "INSERT INTO dashboard_sign_in_failures (key, failures, last_failed_at) VALUES ('quiet', 1, now() - interval '2 days')",
    );
    await addJob('purge-quiet-sign-in-failures', 'after');
    await until(
      'the job queued after to run',
      async () => (await count("SELECT count(*)::int AS n FROM dashboard_sign_in_failures WHERE key = 'quiet'")) === 0,
      30_000,
      200,
    );
    await until(
      "the old pool's jobs to run",
      async () =>
        (await count('SELECT count(*)::int AS n FROM graphile_worker._private_jobs WHERE attempts < max_attempts')) ===
        0,
      30_000,
      200,
    );
    expect(
      await t.db.query('SELECT queue_name FROM graphile_worker._private_job_queues WHERE locked_by IS NOT NULL'),
    ).toEqual([]);
  }, 90_000);
});
