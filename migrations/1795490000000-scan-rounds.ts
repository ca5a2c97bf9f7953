import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When each periodic scan's current round began. Every worker instance's cron fires at the same
 * moment; the first to claim the round scans and the others skip it, even when they arrive only
 * after the first scan has committed (the advisory lock alone let such a late instance scan again).
 */
export class ScanRounds1795490000000 implements MigrationInterface {
  name = 'ScanRounds1795490000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE scan_rounds (name text PRIMARY KEY, started_at timestamptz NOT NULL)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE scan_rounds`);
  }
}
