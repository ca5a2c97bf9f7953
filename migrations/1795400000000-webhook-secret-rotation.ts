import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhook secret rotation: after a rotation the old secret (sealed like the current one) keeps
 * signing deliveries, next to the new one, until `previous_secret_expires_at`. Both are null
 * when no overlap is under way.
 */
export class WebhookSecretRotation1795400000000 implements MigrationInterface {
  name = 'WebhookSecretRotation1795400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE webhook_endpoints
        ADD COLUMN previous_secret_encrypted  text,
        ADD COLUMN previous_secret_expires_at timestamptz,
        ADD CONSTRAINT webhook_endpoints_previous_secret_whole
          CHECK ((previous_secret_encrypted IS NULL) = (previous_secret_expires_at IS NULL));
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE webhook_endpoints
        DROP CONSTRAINT webhook_endpoints_previous_secret_whole,
        DROP COLUMN previous_secret_expires_at,
        DROP COLUMN previous_secret_encrypted;
    `);
  }
}
