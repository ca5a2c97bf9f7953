import { MigrationInterface, QueryRunner } from 'typeorm';

/** The network user an account is reached through (Facebook Login), so a revoke never cuts off its siblings. */
export class AccountOwner1795293207728 implements MigrationInterface {
  name = 'AccountOwner1795293207728';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE connected_accounts ADD COLUMN network_user_id text;
      CREATE INDEX connected_accounts_owner_idx ON connected_accounts (platform, network_user_id) WHERE network_user_id IS NOT NULL;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'DROP INDEX connected_accounts_owner_idx; ALTER TABLE connected_accounts DROP COLUMN network_user_id;',
    );
  }
}
