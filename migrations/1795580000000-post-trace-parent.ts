import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The W3C traceparent of the request that made a post (POST /posts), kept so that its deliveries'
 * attempts, on whichever worker, join that request's trace. Null when the post was made without
 * tracing (and for every post made before this).
 */
export class PostTraceParent1795580000000 implements MigrationInterface {
  name = 'PostTraceParent1795580000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE posts ADD COLUMN trace_parent text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE posts DROP COLUMN trace_parent`);
  }
}
