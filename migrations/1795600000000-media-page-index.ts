import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * GET /media lists a customer's media newest first by (created_at, id), a page after a cursor:
 * media_customer_idx (customer_id, created_at) gets the id too, so a page is one range of the index
 * however many media share a time. The media quota's sum (customer_id, created_at) uses it as before.
 */
export class MediaPageIndex1795600000000 implements MigrationInterface {
  name = 'MediaPageIndex1795600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE INDEX media_customer_page_idx ON media (customer_id, created_at, id)');
    await queryRunner.query('DROP INDEX media_customer_idx');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE INDEX media_customer_idx ON media (customer_id, created_at)');
    await queryRunner.query('DROP INDEX media_customer_page_idx');
  }
}
