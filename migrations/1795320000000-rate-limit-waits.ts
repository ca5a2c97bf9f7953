import { MigrationInterface, QueryRunner } from 'typeorm';

/** How many of a delivery's attempts were a network's rate limit: those wait for the window and do not count toward giving up. */
export class RateLimitWaits1795320000000 implements MigrationInterface {
  name = 'RateLimitWaits1795320000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE deliveries ADD COLUMN rate_limit_waits integer NOT NULL DEFAULT 0');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE deliveries DROP COLUMN rate_limit_waits');
  }
}
