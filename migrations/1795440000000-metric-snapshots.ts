import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The latest metrics read from the networks, one row per published delivery and per connected
 * account: what GET …/metrics answers from, and when each may next be read (a request window, a
 * network's rate limit) and is next due in the background refresh.
 */
export class MetricSnapshots1795440000000 implements MigrationInterface {
  name = 'MetricSnapshots1795440000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE metric_snapshots (
        subject_kind text NOT NULL CHECK (subject_kind IN ('delivery', 'account')),
        subject_id text NOT NULL,
        customer_id text NOT NULL,
        metrics jsonb,
        fetched_at timestamptz,
        not_before timestamptz NOT NULL,
        next_refresh_at timestamptz,
        last_error text,
        PRIMARY KEY (subject_kind, subject_id)
      )`);
    await queryRunner.query(
      'CREATE INDEX metric_snapshots_due_idx ON metric_snapshots (next_refresh_at) WHERE next_refresh_at IS NOT NULL',
    );
    // The background refresh looks at deliveries published in the last 30 days.
    await queryRunner.query(
      "CREATE INDEX deliveries_recently_published_idx ON deliveries (published_at) WHERE status = 'published'",
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX deliveries_recently_published_idx');
    await queryRunner.query('DROP TABLE metric_snapshots');
  }
}
