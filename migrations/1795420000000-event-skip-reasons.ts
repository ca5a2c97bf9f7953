import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * post.completed as the other events are: its id in base62 like every id the service makes
 * (`new_event_id()`; it was `evt_` + 32 hex digits), and a skipped one says why, as the
 * application's outbox now does: no endpoint, a disabled one, or one not subscribed to the type.
 * The trigger function is replaced whole (a migration cannot share code with an earlier one).
 */
export class EventSkipReasons1795420000000 implements MigrationInterface {
  name = 'EventSkipReasons1795420000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // 122 random bits of a v4 UUID in base62 (the alphabet of src/common/ids.ts), at most 22 digits.
    await queryRunner.query(`
      CREATE FUNCTION new_event_id() RETURNS text LANGUAGE plpgsql VOLATILE AS $$
      DECLARE
        digits constant text := '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
        hex text := replace(gen_random_uuid()::text, '-', '');
        n numeric := 0;
        encoded text := '';
      BEGIN
        FOR i IN 1..32 LOOP
          n := n * 16 + (position(substr(hex, i, 1) IN '0123456789abcdef') - 1);
        END LOOP;
        WHILE n > 0 LOOP
          encoded := substr(digits, (n % 62)::integer + 1, 1) || encoded;
          n := div(n, 62);
        END LOOP;
        RETURN 'evt_' || encoded;
      END $$`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION record_post_completed() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        post_row posts%ROWTYPE;
        tally record;
        endpoint_state text;
      BEGIN
        SELECT * INTO post_row FROM posts WHERE id = NEW.post_id FOR UPDATE;
        IF NOT FOUND OR post_row.completed_at IS NOT NULL THEN RETURN NULL; END IF;
        SELECT count(*) FILTER (WHERE status IN ('scheduled', 'pending', 'publishing')) AS open,
               count(*) FILTER (WHERE status = 'published') AS published,
               count(*) FILTER (WHERE status = 'failed') AS failed,
               count(*) FILTER (WHERE status = 'canceled') AS canceled,
               count(*) AS total
          INTO tally FROM deliveries WHERE post_id = NEW.post_id;
        IF tally.open > 0 THEN RETURN NULL; END IF;
        UPDATE posts SET completed_at = now() WHERE id = NEW.post_id;
        SELECT CASE WHEN disabled_at IS NOT NULL THEN 'disabled'
                    WHEN events IS NULL OR 'post.completed' = ANY (events) THEN 'subscribed'
                    ELSE 'unsubscribed' END
          INTO endpoint_state FROM webhook_endpoints WHERE customer_id = post_row.customer_id;
        INSERT INTO events (id, customer_id, tenant_id, type, data, delivery_status, next_attempt_at, failure_reason)
        VALUES (new_event_id(), post_row.customer_id, post_row.tenant_id, 'post.completed',
                jsonb_build_object(
                  'servicePostId', post_row.id,
                  'status', CASE WHEN tally.published = tally.total THEN 'published'
                                 WHEN tally.published > 0 THEN 'partially_published'
                                 WHEN tally.canceled = tally.total THEN 'canceled'
                                 ELSE 'failed' END,
                  'counts', jsonb_build_object('published', tally.published, 'failed', tally.failed, 'canceled', tally.canceled)),
                CASE WHEN endpoint_state = 'subscribed' THEN 'pending' ELSE 'skipped' END,
                CASE WHEN endpoint_state = 'subscribed' THEN now() END,
                CASE endpoint_state
                  WHEN 'subscribed' THEN NULL
                  WHEN 'disabled' THEN 'Not sent: the webhook endpoint was disabled (it answered 410 Gone)'
                  WHEN 'unsubscribed' THEN 'Not sent: the webhook endpoint is not subscribed to this event type'
                  ELSE 'Not sent: no webhook endpoint was set' END);
        RETURN NULL;
      END $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION record_post_completed() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        post_row posts%ROWTYPE;
        tally record;
        subscribed boolean;
      BEGIN
        SELECT * INTO post_row FROM posts WHERE id = NEW.post_id FOR UPDATE;
        IF NOT FOUND OR post_row.completed_at IS NOT NULL THEN RETURN NULL; END IF;
        SELECT count(*) FILTER (WHERE status IN ('scheduled', 'pending', 'publishing')) AS open,
               count(*) FILTER (WHERE status = 'published') AS published,
               count(*) FILTER (WHERE status = 'failed') AS failed,
               count(*) FILTER (WHERE status = 'canceled') AS canceled,
               count(*) AS total
          INTO tally FROM deliveries WHERE post_id = NEW.post_id;
        IF tally.open > 0 THEN RETURN NULL; END IF;
        UPDATE posts SET completed_at = now() WHERE id = NEW.post_id;
        SELECT EXISTS (SELECT 1 FROM webhook_endpoints
                        WHERE customer_id = post_row.customer_id AND disabled_at IS NULL
                          AND (events IS NULL OR 'post.completed' = ANY (events)))
          INTO subscribed;
        INSERT INTO events (id, customer_id, tenant_id, type, data, delivery_status, next_attempt_at)
        VALUES ('evt_' || replace(gen_random_uuid()::text, '-', ''), post_row.customer_id, post_row.tenant_id, 'post.completed',
                jsonb_build_object(
                  'servicePostId', post_row.id,
                  'status', CASE WHEN tally.published = tally.total THEN 'published'
                                 WHEN tally.published > 0 THEN 'partially_published'
                                 WHEN tally.canceled = tally.total THEN 'canceled'
                                 ELSE 'failed' END,
                  'counts', jsonb_build_object('published', tally.published, 'failed', tally.failed, 'canceled', tally.canceled)),
                CASE WHEN subscribed THEN 'pending' ELSE 'skipped' END,
                CASE WHEN subscribed THEN now() END);
        RETURN NULL;
      END $$`);
    await queryRunner.query('DROP FUNCTION new_event_id()');
  }
}
