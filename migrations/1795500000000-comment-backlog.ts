import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A delivery's comments not read yet after a burst too large for one scan: the network's cursor to
 * the next older page, and the watermark the burst began after. Later scans read on from there,
 * so no comment of a burst goes unannounced.
 */
export class CommentBacklog1795500000000 implements MigrationInterface {
  name = 'CommentBacklog1795500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE comment_watermarks
      ADD COLUMN backlog_cursor text,
      ADD COLUMN backlog_until timestamptz,
      ADD COLUMN backlog_ids text[]`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE comment_watermarks
      DROP COLUMN backlog_cursor, DROP COLUMN backlog_until, DROP COLUMN backlog_ids`);
  }
}
