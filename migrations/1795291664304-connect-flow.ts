import { MigrationInterface, QueryRunner } from 'typeorm';

/** The OAuth connect flow (attempts, pending sessions), the user token of an account, and the event outbox. */
export class ConnectFlow1795291664304 implements MigrationInterface {
  name = 'ConnectFlow1795291664304';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE connected_accounts ADD COLUMN user_token_encrypted text;
      ALTER TABLE connected_accounts DROP CONSTRAINT connected_accounts_disconnected_without_tokens;
      ALTER TABLE connected_accounts ADD CONSTRAINT connected_accounts_disconnected_without_tokens CHECK (
        status <> 'disconnected'
        OR (access_token_encrypted IS NULL AND refresh_token_encrypted IS NULL AND user_token_encrypted IS NULL)
      );

      -- One row per auth-url call: the OAuth state (stored hashed) and the PKCE verifier, single use.
      CREATE TABLE connect_attempts (
        state_hash               text PRIMARY KEY,
        customer_id              text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
        tenant_id                text NOT NULL,
        network                  text NOT NULL,
        redirect_uri             text NOT NULL,
        code_verifier_encrypted  text NOT NULL,
        created_at               timestamptz NOT NULL DEFAULT now(),
        expires_at               timestamptz NOT NULL,
        used_at                  timestamptz
      );
      CREATE INDEX connect_attempts_expires_idx ON connect_attempts (expires_at);

      -- Between the OAuth callback and finalize: what the user may connect, tokens encrypted.
      CREATE TABLE pending_sessions (
        id            text PRIMARY KEY,
        token_hash    text NOT NULL UNIQUE,
        customer_id   text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
        tenant_id     text NOT NULL,
        network       text NOT NULL,
        pages         jsonb NOT NULL,
        created_at    timestamptz NOT NULL DEFAULT now(),
        expires_at    timestamptz NOT NULL,
        finalized_at  timestamptz,
        -- A finalized session keeps no tokens: only the fact that it was used.
        CONSTRAINT pending_sessions_finalized_without_pages CHECK (finalized_at IS NULL OR pages = '[]'::jsonb)
      );
      CREATE INDEX pending_sessions_expires_idx ON pending_sessions (expires_at);

      -- Events for the customer's webhook, written in the same transaction as the change they report.
      CREATE TABLE events (
        id           text PRIMARY KEY,
        customer_id  text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
        tenant_id    text NOT NULL,
        type         text NOT NULL,
        data         jsonb NOT NULL,
        created_at   timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX events_customer_idx ON events (customer_id, created_at);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TABLE events;
      DROP TABLE pending_sessions;
      DROP TABLE connect_attempts;
      ALTER TABLE connected_accounts DROP CONSTRAINT connected_accounts_disconnected_without_tokens;
      ALTER TABLE connected_accounts DROP COLUMN user_token_encrypted;
      ALTER TABLE connected_accounts ADD CONSTRAINT connected_accounts_disconnected_without_tokens CHECK (
        status <> 'disconnected' OR (access_token_encrypted IS NULL AND refresh_token_encrypted IS NULL)
      );
    `);
  }
}
