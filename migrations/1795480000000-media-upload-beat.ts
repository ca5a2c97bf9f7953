import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When a running upload last said it was alive: a medium left `uploading` by a process that died
 * can be uploaded again (after a few minutes of silence) instead of staying stuck until the purge.
 */
export class MediaUploadBeat1795480000000 implements MigrationInterface {
  name = 'MediaUploadBeat1795480000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE media ADD COLUMN upload_beat_at timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE media DROP COLUMN upload_beat_at`);
  }
}
