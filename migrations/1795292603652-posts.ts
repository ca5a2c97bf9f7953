import { MigrationInterface, QueryRunner } from 'typeorm';

/** Posts, their deliveries (one per connected account), and idempotency keys for POST /posts. */
export class Posts1795292603652 implements MigrationInterface {
  name = 'Posts1795292603652';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE posts (
        id            text PRIMARY KEY,
        customer_id   text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
        tenant_id     text NOT NULL,
        containers    jsonb NOT NULL,
        scheduled_at  timestamptz,
        created_at    timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX posts_newest_idx ON posts (customer_id, tenant_id, created_at DESC, id DESC);

      CREATE TABLE deliveries (
        id                text PRIMARY KEY,
        post_id           text NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
        customer_id       text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
        account_id        text NOT NULL REFERENCES connected_accounts (id),
        platform          text NOT NULL,
        status            text NOT NULL CHECK (status IN ('scheduled', 'pending', 'publishing', 'published', 'failed', 'canceled')),
        attempts          integer NOT NULL DEFAULT 0,
        progress          jsonb NOT NULL DEFAULT '{}',
        platform_post_id  text,
        permalink         text,
        error_code        text,
        error_message     text,
        next_attempt_at   timestamptz,
        published_at      timestamptz,
        created_at        timestamptz NOT NULL DEFAULT now(),
        updated_at        timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX deliveries_post_idx ON deliveries (post_id);
      CREATE INDEX deliveries_account_idx ON deliveries (account_id, status);

      -- The first answer to a POST with an Idempotency-Key, kept 24 hours.
      CREATE TABLE idempotency_keys (
        customer_id      text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
        key              text NOT NULL,
        request_hash     text NOT NULL,
        response_status  integer,
        response_body    jsonb,
        created_at       timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (customer_id, key)
      );
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE idempotency_keys; DROP TABLE deliveries; DROP TABLE posts;');
  }
}
