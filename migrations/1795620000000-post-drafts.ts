import { MigrationInterface, QueryRunner } from 'typeorm';

const WITHOUT_DRAFT = `'scheduled', 'pending', 'publishing', 'published', 'failed', 'canceled', 'deleting', 'deleted'`;

/**
 * Drafts and edits before publishing. A delivery may be `draft`: kept, never due (no due_at, so no
 * lane sees it) until POST /posts/:id/publish makes it scheduled or pending. Each post keeps the
 * request that made it (`request`, as PATCH /posts/:id last left it), so a draft is checked again
 * when it is published and a patch is checked as the whole post it makes; null for the posts made
 * before this, which cannot be edited.
 */
export class PostDrafts1795620000000 implements MigrationInterface {
  name = 'PostDrafts1795620000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE deliveries DROP CONSTRAINT deliveries_status_check`);
    await queryRunner.query(
      `ALTER TABLE deliveries ADD CONSTRAINT deliveries_status_check CHECK (status IN ('draft', ${WITHOUT_DRAFT}))`,
    );
    await queryRunner.query(`ALTER TABLE posts ADD COLUMN request jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE posts DROP COLUMN request`);
    await queryRunner.query(`DELETE FROM deliveries WHERE status = 'draft'`);
    await queryRunner.query(`ALTER TABLE deliveries DROP CONSTRAINT deliveries_status_check`);
    await queryRunner.query(
      `ALTER TABLE deliveries ADD CONSTRAINT deliveries_status_check CHECK (status IN (${WITHOUT_DRAFT}))`,
    );
  }
}
