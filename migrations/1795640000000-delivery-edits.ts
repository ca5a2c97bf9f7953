import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The edit of a published delivery's text (PATCH /posts/:id once published): its state, the text
 * asked for, when it was requested, sent and made, its error, and the post's first id (X gives each
 * edit a new id). Null for a delivery never edited after publishing.
 */
export class DeliveryEdits1795640000000 implements MigrationInterface {
  name = 'DeliveryEdits1795640000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE deliveries ADD COLUMN edit jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE deliveries DROP COLUMN edit`);
  }
}
