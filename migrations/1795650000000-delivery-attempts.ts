import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A trace of each delivery's attempts (GET /posts/:id/deliveries/:deliveryId/attempts): one row per
 * attempt that finished, written once at its end with the delivery's new state. `number` is the
 * delivery's attempt count when it began (a retry starts it again from 1); the network calls and
 * checkpoints are small JSON arrays (operation, method, path template, status, duration; never a
 * query, a header or a body). Deleted with the delivery. At most 50 are kept per delivery.
 */
export class DeliveryAttempts1795650000000 implements MigrationInterface {
  name = 'DeliveryAttempts1795650000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE delivery_attempts (
        id            text PRIMARY KEY,
        delivery_id   text NOT NULL REFERENCES deliveries (id) ON DELETE CASCADE,
        number        integer NOT NULL,
        worker_id     text NOT NULL,
        resuming      boolean NOT NULL DEFAULT false,
        started_at    timestamptz NOT NULL,
        ended_at      timestamptz NOT NULL,
        outcome       text NOT NULL,
        error_code    text,
        error_message text,
        wait_reason   text,
        next_attempt_at timestamptz,
        network_reset_at timestamptz,
        calls         jsonb NOT NULL DEFAULT '[]',
        checkpoints   jsonb NOT NULL DEFAULT '[]',
        created_at    timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX delivery_attempts_delivery_idx ON delivery_attempts (delivery_id, created_at, id)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE delivery_attempts`);
  }
}
