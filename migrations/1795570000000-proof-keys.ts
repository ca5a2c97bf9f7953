import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Secrets a network binds its tokens to (atproto OAuth's DPoP keys, RFC 9449), sealed like the
 * tokens: a per-attempt secret the adapter derives the attempt's key from (between auth-url and the
 * callback), what the adapter keeps of the attempt for the callback (the authorization server it
 * sent the user to), and the account's binding kept with its tokens. Null for attempts and accounts of
 * networks that bind nothing (and for every row made before this).
 */
export class ProofKeys1795570000000 implements MigrationInterface {
  name = 'ProofKeys1795570000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE connect_attempts ADD COLUMN attempt_secret_encrypted text`);
    await queryRunner.query(`ALTER TABLE connect_attempts ADD COLUMN adapter_state_encrypted text`);
    await queryRunner.query(`ALTER TABLE connected_accounts ADD COLUMN token_binding_encrypted text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE connected_accounts DROP COLUMN token_binding_encrypted`);
    await queryRunner.query(`ALTER TABLE connect_attempts DROP COLUMN adapter_state_encrypted`);
    await queryRunner.query(`ALTER TABLE connect_attempts DROP COLUMN attempt_secret_encrypted`);
  }
}
