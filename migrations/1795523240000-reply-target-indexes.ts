import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes for checking a comment answer's `replyToId` against the threads the service knows (src/comments/reply-target.ts):
 * which delivery a network id belongs to, among the customer's published posts, the answers it
 * sent, and the comments the scan announced. Each partial, on exactly the rows with such an id.
 *
 * Plain CREATE INDEX, in the migration's transaction (CONCURRENTLY cannot run in one): writes to
 * these tables wait while it is built, once, at the upgrade.
 */
export class ReplyTargetIndexes1795523240000 implements MigrationInterface {
  name = 'ReplyTargetIndexes1795523240000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE INDEX deliveries_network_id_idx ON deliveries (customer_id, platform_post_id) WHERE platform_post_id IS NOT NULL;
      CREATE INDEX comment_requests_network_id_idx ON comment_requests (customer_id, platform_comment_id)
        WHERE platform_comment_id IS NOT NULL;
      CREATE INDEX events_received_comment_idx ON events (customer_id, (data -> 'comment' ->> 'id'))
        WHERE type = 'comment.received';
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'DROP INDEX events_received_comment_idx; DROP INDEX comment_requests_network_id_idx; DROP INDEX deliveries_network_id_idx;',
    );
  }
}
