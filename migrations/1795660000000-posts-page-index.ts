import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * GET /posts without a tenant lists all of a customer's posts newest first by (created_at, id), a
 * page after a cursor: posts_customer_created_idx (customer_id, created_at) gets the id too, so a
 * page is one range of the index, read backwards, however many posts share a time and however
 * deep the cursor (without the id, the cursor's row comparison was a filter over every newer post,
 * and ties needed a sort). The dashboard's charts (customer_id, created_at >= since) use it as before.
 */
export class PostsPageIndex1795660000000 implements MigrationInterface {
  name = 'PostsPageIndex1795660000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE INDEX posts_customer_page_idx ON posts (customer_id, created_at, id)');
    await queryRunner.query('DROP INDEX posts_customer_created_idx');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE INDEX posts_customer_created_idx ON posts (customer_id, created_at)');
    await queryRunner.query('DROP INDEX posts_customer_page_idx');
  }
}
