import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Answers to comments (POST /posts/:id/comments): one row per request, sent by a graphile-worker
 * job (`send-comment`) added in the same transaction, so nothing accepted is lost. `sending` is
 * written before the network is called; the row is final once `sent` or `failed`.
 */
export class CommentRequests1795450000000 implements MigrationInterface {
  name = 'CommentRequests1795450000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE comment_requests (
        id                  text PRIMARY KEY,
        customer_id         text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
        post_id             text NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
        delivery_id         text NOT NULL REFERENCES deliveries (id) ON DELETE CASCADE,
        account_id          text NOT NULL REFERENCES connected_accounts (id),
        text                text NOT NULL,
        reply_to_id         text,
        status              text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'failed')),
        attempts            integer NOT NULL DEFAULT 0,
        rate_limit_waits    integer NOT NULL DEFAULT 0,
        platform_comment_id text,
        error_code          text,
        error_message       text,
        next_attempt_at     timestamptz,
        created_at          timestamptz NOT NULL DEFAULT now(),
        updated_at          timestamptz NOT NULL DEFAULT now(),
        sent_at             timestamptz
      )`);
    await queryRunner.query(
      'CREATE INDEX comment_requests_by_post ON comment_requests (customer_id, post_id, created_at DESC)',
    );
    // The comment scan's memory per delivery: the newest comment time announced, the ids at that
    // time (networks give seconds), and when it was last scanned.
    await queryRunner.query(`
      CREATE TABLE comment_watermarks (
        delivery_id   text PRIMARY KEY REFERENCES deliveries (id) ON DELETE CASCADE,
        customer_id   text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
        newest_at     timestamptz NOT NULL,
        ids_at_newest text[] NOT NULL DEFAULT '{}',
        scanned_at    timestamptz NOT NULL
      )`);
    // The comment scan finds recently published deliveries through deliveries_recently_published_idx,
    // which the metrics migration (MetricSnapshots1795440000000) made for its own scan.
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE comment_watermarks');
    await queryRunner.query('DROP TABLE comment_requests');
  }
}
