import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Deleting published deliveries from their networks (POST /posts/:id/unpublish): a delivery goes
 * published → deleting (its delete job is queued) → deleted, and keeps when it was removed.
 * Neither new status is open (the claim functions and the post.completed trigger ignore both).
 */
export class Unpublish1795460000000 implements MigrationInterface {
  name = 'Unpublish1795460000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE deliveries DROP CONSTRAINT deliveries_status_check,
        ADD CONSTRAINT deliveries_status_check
          CHECK (status IN ('scheduled', 'pending', 'publishing', 'published', 'failed', 'canceled', 'deleting', 'deleted')),
        ADD COLUMN deleted_at timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE deliveries SET status = 'published' WHERE status IN ('deleting', 'deleted')`);
    await queryRunner.query(`
      ALTER TABLE deliveries DROP COLUMN deleted_at, DROP CONSTRAINT deliveries_status_check,
        ADD CONSTRAINT deliveries_status_check
          CHECK (status IN ('scheduled', 'pending', 'publishing', 'published', 'failed', 'canceled'))`);
  }
}
