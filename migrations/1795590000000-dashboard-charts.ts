import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the dashboard's charts and webhook event page read:
 * - posts by customer and time (posts_newest_idx has tenant_id between the two, so a customer's
 *   last 30 days across tenants read every post the customer ever made);
 * - webhook_attempts.customer_id (from the attempt's event), indexed with attempted_at, so a
 *   customer's attempts per day are one range of an index whatever the age of their events (a
 *   resend of an old event attempts today);
 * - webhook_attempts.response_prefix: the first bytes of the receiver's answer (at most 512 bytes
 *   of UTF-8), null when no answer came or for attempts made before this. Never a header.
 */
export class DashboardCharts1795590000000 implements MigrationInterface {
  name = 'DashboardCharts1795590000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX posts_customer_created_idx ON posts (customer_id, created_at)`);
    await queryRunner.query(`ALTER TABLE webhook_attempts ADD COLUMN customer_id text`);
    await queryRunner.query(
      `UPDATE webhook_attempts a SET customer_id = e.customer_id FROM events e WHERE e.id = a.event_id`,
    );
    await queryRunner.query(`ALTER TABLE webhook_attempts ALTER COLUMN customer_id SET NOT NULL`);
    await queryRunner.query(
      `ALTER TABLE webhook_attempts ADD COLUMN response_prefix text
         CONSTRAINT webhook_attempts_response_prefix_bounded CHECK (octet_length(response_prefix) <= 512)`,
    );
    await queryRunner.query(
      `CREATE INDEX webhook_attempts_customer_idx ON webhook_attempts (customer_id, attempted_at)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX webhook_attempts_customer_idx`);
    await queryRunner.query(`ALTER TABLE webhook_attempts DROP COLUMN response_prefix`);
    await queryRunner.query(`ALTER TABLE webhook_attempts DROP COLUMN customer_id`);
    await queryRunner.query(`DROP INDEX posts_customer_created_idx`);
  }
}
