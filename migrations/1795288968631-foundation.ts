import { MigrationInterface, QueryRunner } from 'typeorm';

/** Customers, their API keys, redirect URLs and network apps, and connected accounts with encrypted tokens. */
export class Foundation1795288968631 implements MigrationInterface {
  name = 'Foundation1795288968631';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE customers (
        id          text PRIMARY KEY,
        name        text NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 100),
        created_at  timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE api_keys (
        id            text PRIMARY KEY,
        customer_id   text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
        name          text,
        display_prefix text NOT NULL,
        key_hash      text NOT NULL UNIQUE,
        created_at    timestamptz NOT NULL DEFAULT now(),
        last_used_at  timestamptz,
        revoked_at    timestamptz
      );
      CREATE INDEX api_keys_customer_idx ON api_keys (customer_id);

      CREATE TABLE redirect_urls (
        id           text PRIMARY KEY,
        customer_id  text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
        url          text NOT NULL,
        created_at   timestamptz NOT NULL DEFAULT now(),
        UNIQUE (customer_id, url)
      );

      CREATE TABLE network_apps (
        id                       text PRIMARY KEY,
        customer_id              text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
        network                  text NOT NULL,
        client_id                text NOT NULL,
        client_secret_encrypted  text NOT NULL,
        created_at               timestamptz NOT NULL DEFAULT now(),
        updated_at               timestamptz NOT NULL DEFAULT now(),
        UNIQUE (customer_id, network)
      );

      CREATE TABLE connected_accounts (
        id                        text PRIMARY KEY,
        customer_id               text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
        tenant_id                 text NOT NULL,
        platform                  text NOT NULL,
        network_account_id        text NOT NULL,
        username                  text NOT NULL,
        nickname                  text NOT NULL,
        avatar_url                text,
        status                    text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'expired', 'disconnected')),
        access_token_encrypted    text,
        refresh_token_encrypted   text,
        token_expires_at          timestamptz,
        scopes                    text[] NOT NULL DEFAULT '{}',
        connected_at              timestamptz NOT NULL DEFAULT now(),
        disconnected_at           timestamptz,
        created_at                timestamptz NOT NULL DEFAULT now(),
        updated_at                timestamptz NOT NULL DEFAULT now(),
        UNIQUE (customer_id, tenant_id, platform, network_account_id),
        -- A disconnected account holds no tokens: the database itself refuses anything else.
        CONSTRAINT connected_accounts_disconnected_without_tokens CHECK (
          status <> 'disconnected' OR (access_token_encrypted IS NULL AND refresh_token_encrypted IS NULL)
        )
      );
      CREATE INDEX connected_accounts_tenant_idx ON connected_accounts (customer_id, tenant_id, created_at);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TABLE connected_accounts;
      DROP TABLE network_apps;
      DROP TABLE redirect_urls;
      DROP TABLE api_keys;
      DROP TABLE customers;
    `);
  }
}
