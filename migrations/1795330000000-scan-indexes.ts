import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes for the two periodic scans that filtered whole tables:
 * - the token scan (src/token-lifecycle/token-scan.ts) looks, per network, for active accounts whose
 *   token expires before a bound: partial on exactly its filter, so disconnected and expired
 *   accounts (which keep no live token) take no room, and keyed by platform first because the scan
 *   has a different bound per network;
 * - the purge of quiet sign-in failure counts deletes by last_failed_at; guesses at made-up emails
 *   each leave a row, so that table can grow large between purges.
 *
 * Plain CREATE INDEX, in the migration's transaction: both tables are small next to the posts, and
 * CONCURRENTLY cannot run inside a transaction (and would wait on instances queued on the migration lock).
 */
export class ScanIndexes1795330000000 implements MigrationInterface {
  name = 'ScanIndexes1795330000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE INDEX connected_accounts_token_expiry_idx ON connected_accounts (platform, token_expires_at)
        WHERE status = 'active' AND token_expires_at IS NOT NULL;
      CREATE INDEX dashboard_sign_in_failures_last_failed_idx ON dashboard_sign_in_failures (last_failed_at);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'DROP INDEX dashboard_sign_in_failures_last_failed_idx; DROP INDEX connected_accounts_token_expiry_idx;',
    );
  }
}
