import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The world a dashboard session looks at: its customer's live data, or its test world (the Live /
 * Test switch). Kept with the session, so every page and every tab of one sign-in agree.
 */
export class DashboardViewing1795385000000 implements MigrationInterface {
  name = 'DashboardViewing1795385000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE dashboard_sessions ADD COLUMN viewing text NOT NULL DEFAULT 'live' CONSTRAINT dashboard_sessions_viewing_known CHECK (viewing IN ('live', 'test'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE dashboard_sessions DROP COLUMN viewing');
  }
}
