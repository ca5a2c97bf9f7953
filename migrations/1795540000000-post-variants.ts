import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A post's per-network options and per-account overrides (`options`, `accountOverrides` of
 * POST /api/v1/posts), as accepted: each delivery publishes its account's containers and options
 * from them. '{}' for every post that has neither (all posts before this).
 */
export class PostVariants1795540000000 implements MigrationInterface {
  name = 'PostVariants1795540000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE posts ADD COLUMN variants jsonb NOT NULL DEFAULT '{}'::jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE posts DROP COLUMN variants`);
  }
}
