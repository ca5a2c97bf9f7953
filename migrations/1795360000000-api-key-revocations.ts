import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Instances cache the API keys they have seen (see ApiKeyCache): a revoked or deleted key is
 * announced to every instance at once with NOTIFY api_key_revoked (payload: the key's id), whatever
 * statement revoked it (the API, the dashboard, the CLI, a customer deleted with its keys).
 */
export class ApiKeyRevocations1795360000000 implements MigrationInterface {
  name = 'ApiKeyRevocations1795360000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION api_key_revoked() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('api_key_revoked', OLD.id);
        RETURN NULL;
      END $$;
      CREATE TRIGGER api_keys_revoked AFTER UPDATE OF revoked_at ON api_keys
        FOR EACH ROW WHEN (NEW.revoked_at IS NOT NULL AND OLD.revoked_at IS NULL) EXECUTE FUNCTION api_key_revoked();
      CREATE TRIGGER api_keys_deleted AFTER DELETE ON api_keys FOR EACH ROW EXECUTE FUNCTION api_key_revoked();
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'DROP TRIGGER api_keys_deleted ON api_keys; DROP TRIGGER api_keys_revoked ON api_keys; DROP FUNCTION api_key_revoked();',
    );
  }
}
