import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a network tells of a connected account that changes what it may publish, read at connect
 * and at each token refresh (X: its subscription, which decides whether it may post long posts).
 * '{}' for every account connected before this, which is read as "nothing known".
 */
export class AccountTraits1795550000000 implements MigrationInterface {
  name = 'AccountTraits1795550000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE connected_accounts ADD COLUMN network_traits jsonb NOT NULL DEFAULT '{}'::jsonb`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE connected_accounts DROP COLUMN network_traits`);
  }
}
