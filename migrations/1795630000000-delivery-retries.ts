import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When a failed delivery was last retried (POST /posts/:id/deliveries/:deliveryId/retry): a retry
 * has the waits of a new delivery, so the bound on waiting for a network's rate limit counts from
 * it rather than from the delivery's creation. Null for a delivery never retried.
 */
export class DeliveryRetries1795630000000 implements MigrationInterface {
  name = 'DeliveryRetries1795630000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE deliveries ADD COLUMN retried_at timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE deliveries DROP COLUMN retried_at`);
  }
}
