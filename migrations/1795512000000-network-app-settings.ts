import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A customer's own network app's settings beyond its credentials, as the network's developer
 * console has them: a Facebook Login for Business configuration, "Require App Secret", and Pages
 * reached through a Business Manager role. An app set before has none of them.
 */
export class NetworkAppSettings1795512000000 implements MigrationInterface {
  name = 'NetworkAppSettings1795512000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE network_apps
      ADD COLUMN login_config_id text,
      ADD COLUMN require_appsecret_proof boolean NOT NULL DEFAULT false,
      ADD COLUMN business_access boolean NOT NULL DEFAULT false`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE network_apps
      DROP COLUMN login_config_id, DROP COLUMN require_appsecret_proof, DROP COLUMN business_access`);
  }
}
