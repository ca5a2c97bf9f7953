import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The dashboard: its users (each belongs to one customer; argon2 hashes), their sessions (only a
 * hash of the cookie's token is stored) and the failed sign-ins that slow down password guessing.
 */
export class Dashboard1795310000000 implements MigrationInterface {
  name = 'Dashboard1795310000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE dashboard_users (
        id             text PRIMARY KEY,
        customer_id    text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
        -- Stored lowercased: one address, one user, however it is typed.
        email          text NOT NULL UNIQUE CHECK (email = lower(email)),
        password_hash  text NOT NULL,
        created_at     timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE dashboard_sessions (
        token_hash  text PRIMARY KEY,
        user_id     text NOT NULL REFERENCES dashboard_users (id) ON DELETE CASCADE,
        -- The synchronizer token every form of this session must carry.
        csrf_token  text NOT NULL,
        created_at  timestamptz NOT NULL DEFAULT now(),
        expires_at  timestamptz NOT NULL
      );
      CREATE INDEX dashboard_sessions_expiry_idx ON dashboard_sessions (expires_at);

      -- Keyed 'email:<address>' and 'ip:<address>'; cleared by a successful sign-in.
      CREATE TABLE dashboard_sign_in_failures (
        key             text PRIMARY KEY,
        failures        integer NOT NULL,
        last_failed_at  timestamptz NOT NULL
      );
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'DROP TABLE dashboard_sign_in_failures; DROP TABLE dashboard_sessions; DROP TABLE dashboard_users',
    );
  }
}
