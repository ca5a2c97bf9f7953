import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhook delivery: one endpoint per customer (its secret sealed), each event's delivery state on
 * the event itself, and every attempt recorded.
 */
export class Webhooks1795300000000 implements MigrationInterface {
  name = 'Webhooks1795300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE webhook_endpoints (
        customer_id       text PRIMARY KEY REFERENCES customers (id) ON DELETE CASCADE,
        url               text NOT NULL,
        secret_encrypted  text NOT NULL,
        secret_last4      text NOT NULL,
        -- Set when the receiver answered 410 Gone; PUT /webhooks enables it again.
        disabled_at       timestamptz,
        disabled_reason   text,
        created_at        timestamptz NOT NULL DEFAULT now(),
        updated_at        timestamptz NOT NULL DEFAULT now()
      );

      -- webhook.test events belong to no tenant.
      ALTER TABLE events ALTER COLUMN tenant_id DROP NOT NULL;
      -- Events written before webhooks existed had nowhere to go: they are 'skipped'.
      ALTER TABLE events
        ADD COLUMN delivery_status  text NOT NULL DEFAULT 'skipped' CHECK (delivery_status IN ('pending', 'delivered', 'failed', 'skipped')),
        ADD COLUMN attempts         integer NOT NULL DEFAULT 0,
        ADD COLUMN round_attempts   integer NOT NULL DEFAULT 0,
        -- A resend starts a new round: an attempt of an older round still in flight then only records itself.
        ADD COLUMN round            integer NOT NULL DEFAULT 0,
        ADD COLUMN next_attempt_at  timestamptz,
        ADD COLUMN delivered_at     timestamptz,
        ADD COLUMN failure_reason   text;
      ALTER TABLE events ALTER COLUMN delivery_status DROP DEFAULT;
      DROP INDEX events_customer_idx;
      CREATE INDEX events_newest_idx ON events (customer_id, created_at DESC, id DESC);

      CREATE TABLE webhook_attempts (
        event_id        text NOT NULL REFERENCES events (id) ON DELETE CASCADE,
        attempt_number  integer NOT NULL,
        url             text NOT NULL,
        status_code     integer,
        duration_ms     integer NOT NULL,
        error           text,
        attempted_at    timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (event_id, attempt_number)
      );
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TABLE webhook_attempts;
      DROP INDEX events_newest_idx;
      CREATE INDEX events_customer_idx ON events (customer_id, created_at);
      ALTER TABLE events DROP COLUMN delivery_status, DROP COLUMN attempts, DROP COLUMN round_attempts, DROP COLUMN round,
        DROP COLUMN next_attempt_at, DROP COLUMN delivered_at, DROP COLUMN failure_reason;
      DELETE FROM events WHERE tenant_id IS NULL;
      ALTER TABLE events ALTER COLUMN tenant_id SET NOT NULL;
      DROP TABLE webhook_endpoints;
    `);
  }
}
