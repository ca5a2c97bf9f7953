import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What each network app used of a quota its network counts per window (YouTube: units and uploads
 * per day, Pacific): a post that would pass it waits for the next window instead of being refused.
 * One row per network, app, window and bucket.
 */
export class NetworkQuota1795583000000 implements MigrationInterface {
  name = 'NetworkQuota1795583000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE network_quota_usage (
        network      text NOT NULL,
        app_key      text NOT NULL,
        quota_window text NOT NULL,
        bucket       text NOT NULL,
        used         integer NOT NULL,
        updated_at   timestamp with time zone DEFAULT now() NOT NULL,
        CONSTRAINT network_quota_usage_pkey PRIMARY KEY (network, app_key, quota_window, bucket),
        CONSTRAINT network_quota_usage_used_check CHECK (used >= 0)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE network_quota_usage`);
  }
}
