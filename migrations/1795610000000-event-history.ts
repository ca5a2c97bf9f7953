import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The event history (GET /api/v1/events) reads a customer's events oldest first from a cursor, and
 * must never skip one that commits late. Neither created_at (the transaction's START time) nor the
 * random id says in what order events become visible, so each event gets a position:
 * - `txid`: the inserting transaction's id (pg_current_xact_id(), a column default, so every path
 *   that inserts an event has it: record_event, the post.completed trigger, the test event);
 * - `seq`: from the sequence events_seq, the order within one transaction.
 * The history orders by (txid, seq) and shows only events whose transaction is below the reading
 * snapshot's xmin: every transaction below it has ended, and every one still open or yet to write
 * has an id at or above it, so no event can later appear before a position already answered.
 * Events made before this keep their order of creation, all with this migration's transaction id
 * (a transaction blocked by this one with a lower id then stays unsettled until it ends).
 * events_created_idx serves the hourly purge of events older than 30 days.
 */
export class EventHistory1795610000000 implements MigrationInterface {
  name = 'EventHistory1795610000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE SEQUENCE events_seq AS bigint`);
    await queryRunner.query(`ALTER TABLE events ADD COLUMN txid xid8, ADD COLUMN seq bigint`);
    await queryRunner.query(
      `UPDATE events e SET txid = pg_current_xact_id(), seq = ordered.n
         FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM events) ordered
        WHERE ordered.id = e.id`,
    );
    await queryRunner.query(`SELECT setval('events_seq', (SELECT max(seq) FROM events))`);
    await queryRunner.query(
      `ALTER TABLE events ALTER COLUMN txid SET DEFAULT pg_current_xact_id(), ALTER COLUMN txid SET NOT NULL,
                         ALTER COLUMN seq SET DEFAULT nextval('events_seq'), ALTER COLUMN seq SET NOT NULL`,
    );
    await queryRunner.query(`ALTER SEQUENCE events_seq OWNED BY events.seq`);
    await queryRunner.query(`CREATE INDEX events_history_idx ON events (customer_id, txid, seq)`);
    await queryRunner.query(`CREATE INDEX events_created_idx ON events (created_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX events_created_idx`);
    await queryRunner.query(`DROP INDEX events_history_idx`);
    await queryRunner.query(`ALTER TABLE events DROP COLUMN seq, DROP COLUMN txid`);
  }
}
