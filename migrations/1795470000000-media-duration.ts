import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A video's duration, read from its movie header while it uploads, so each network's duration
 * limits are checked before a post is accepted. Null for images, and for videos uploaded before.
 */
export class MediaDuration1795470000000 implements MigrationInterface {
  name = 'MediaDuration1795470000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE media ADD COLUMN duration_ms integer CHECK (duration_ms >= 0)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE media DROP COLUMN duration_ms`);
  }
}
