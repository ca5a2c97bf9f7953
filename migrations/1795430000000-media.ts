import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Uploaded media: one row per medium (scoped by customer, so a test world's media are its own), and
 * its bytes in chunk rows, so that no medium is ever held whole in memory or in one value.
 */
export class Media1795430000000 implements MigrationInterface {
  name = 'Media1795430000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE media (
        id text PRIMARY KEY,
        customer_id text NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
        content_type text NOT NULL,
        size bigint NOT NULL,
        filename text,
        state text NOT NULL DEFAULT 'awaiting_upload',
        failure text,
        created_at timestamptz NOT NULL DEFAULT now(),
        uploaded_at timestamptz,
        last_used_at timestamptz
      )`);
    await queryRunner.query('CREATE INDEX media_customer_idx ON media (customer_id, created_at)');
    await queryRunner.query('CREATE INDEX media_unused_idx ON media (coalesce(last_used_at, created_at))');
    await queryRunner.query(`
      CREATE TABLE media_chunks (
        media_id text NOT NULL REFERENCES media(id) ON DELETE CASCADE,
        index integer NOT NULL,
        bytes bytea NOT NULL,
        PRIMARY KEY (media_id, index)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE media_chunks');
    await queryRunner.query('DROP TABLE media');
  }
}
