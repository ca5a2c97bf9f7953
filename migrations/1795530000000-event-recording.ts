import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One home for the rules the application and the post.completed trigger both applied when they
 * recorded an event, which had drifted apart:
 * - `record_event(customer, tenant, type, data)` records an event and answers its id: the
 *   customer's endpoint (one index lookup) makes it `pending`, due after the first delay, or
 *   `skipped`, saying why. The application calls it (EventOutbox), and so does the trigger, which
 *   used to schedule post.completed at once whatever the first delay.
 * - The first delay is the connection's setting `sps.webhook_first_delay_ms` (the service sets it
 *   on every connection of its pool from WEBHOOK_RETRY_SCHEDULE's first entry); unset, it is 0.
 *   `webhook_first_delay()` reads it, for record_event and for a resend.
 * - `new_event_id()` draws 128 random bits (it drew a v4 UUID's 122) and spells them as
 *   src/common/ids.ts does (base-x's base62: each leading zero byte is one '0').
 * - `post_status(published, failed, canceled, total)`: a finished post's status from its counts,
 *   the trigger's CASE made a function (see its body for its TypeScript twin).
 * Each function is replaced whole (a migration cannot share code with an earlier one).
 */
export class EventRecording1795530000000 implements MigrationInterface {
  name = 'EventRecording1795530000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION webhook_first_delay() RETURNS interval LANGUAGE sql STABLE AS $$
        -- The delay before an event's first attempt: the connection's setting, set by the service
        -- from its retry schedule's first entry; 0 on a connection that did not set it.
        SELECT coalesce(nullif(current_setting('sps.webhook_first_delay_ms', true), ''), '0')::bigint * interval '1 millisecond'
      $$`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION new_event_id() RETURNS text LANGUAGE plpgsql VOLATILE AS $$
      DECLARE
        digits constant text := '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
        one text := replace(gen_random_uuid()::text, '-', '');
        -- 128 random bits as 32 hex digits: the 30 random digits of a v4 UUID (its version digit,
        -- the 13th, and its variant digit, the 17th, are not random) and 2 of another.
        hex text := substr(one, 1, 12) || substr(one, 14, 3) || substr(one, 18, 15) || substr(gen_random_uuid()::text, 1, 2);
        n numeric := 0;
        encoded text := '';
      BEGIN
        FOR i IN 0..3 LOOP
          n := n * 4294967296 + ('x' || substr(hex, i * 8 + 1, 8))::bit(32)::bigint;
        END LOOP;
        WHILE n > 0 LOOP
          encoded := substr(digits, (n % 62)::integer + 1, 1) || encoded;
          n := div(n, 62);
        END LOOP;
        -- As base-x spells 16 bytes: one '0' for each leading zero byte, then the number's digits.
        RETURN 'evt_' || repeat('0', (length(hex) - length(ltrim(hex, '0'))) / 2) || encoded;
      END $$`);
    await queryRunner.query(`
      CREATE FUNCTION record_event(customer text, tenant text, event_type text, event_data jsonb)
        RETURNS text LANGUAGE plpgsql VOLATILE AS $$
      DECLARE
        event_id constant text := new_event_id();
        endpoint_state text;
      BEGIN
        -- The customer's one endpoint (or none) decides: sent when enabled and subscribed to the
        -- type; otherwise skipped, saying why.
        SELECT CASE WHEN disabled_at IS NOT NULL THEN 'disabled'
                    WHEN events IS NULL OR event_type = ANY (events) THEN 'subscribed'
                    ELSE 'unsubscribed' END
          INTO endpoint_state FROM webhook_endpoints WHERE customer_id = customer;
        INSERT INTO events (id, customer_id, tenant_id, type, data, delivery_status, next_attempt_at, failure_reason)
        VALUES (event_id, customer, tenant, event_type, event_data,
                CASE WHEN endpoint_state = 'subscribed' THEN 'pending' ELSE 'skipped' END,
                CASE WHEN endpoint_state = 'subscribed' THEN now() + webhook_first_delay() END,
                CASE endpoint_state
                  WHEN 'subscribed' THEN NULL
                  WHEN 'disabled' THEN 'Not sent: the webhook endpoint was disabled (it answered 410 Gone)'
                  WHEN 'unsubscribed' THEN 'Not sent: the webhook endpoint is not subscribed to this event type'
                  ELSE 'Not sent: no webhook endpoint was set' END);
        RETURN event_id;
      END $$`);
    await queryRunner.query(`
      CREATE FUNCTION post_status(published integer, failed integer, canceled integer, total integer)
        RETURNS text LANGUAGE sql IMMUTABLE AS $$
        -- A finished post's status (none of its deliveries open) from its deliveries' counts. Its
        -- twin is postStatusOf (src/posts/post-status.ts), which reads deliveries already in memory
        -- on hot paths, where asking the database would cost a round trip: an e2e test runs every
        -- combination through both and expects the same answer.
        SELECT CASE WHEN published = total THEN 'published'
                    WHEN published > 0 THEN 'partially_published'
                    WHEN canceled = total THEN 'canceled'
                    ELSE 'failed' END
      $$`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION record_post_completed() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        post_row posts%ROWTYPE;
        tally record;
      BEGIN
        SELECT * INTO post_row FROM posts WHERE id = NEW.post_id FOR UPDATE;
        IF NOT FOUND OR post_row.completed_at IS NOT NULL THEN RETURN NULL; END IF;
        SELECT count(*) FILTER (WHERE status IN ('scheduled', 'pending', 'publishing')) AS open,
               count(*) FILTER (WHERE status = 'published')::integer AS published,
               count(*) FILTER (WHERE status = 'failed')::integer AS failed,
               count(*) FILTER (WHERE status = 'canceled')::integer AS canceled,
               count(*)::integer AS total
          INTO tally FROM deliveries WHERE post_id = NEW.post_id;
        IF tally.open > 0 THEN RETURN NULL; END IF;
        UPDATE posts SET completed_at = now() WHERE id = NEW.post_id;
        PERFORM record_event(post_row.customer_id, post_row.tenant_id, 'post.completed',
                             jsonb_build_object(
                               'servicePostId', post_row.id,
                               'status', post_status(tally.published, tally.failed, tally.canceled, tally.total),
                               'counts', jsonb_build_object('published', tally.published, 'failed', tally.failed, 'canceled', tally.canceled)));
        RETURN NULL;
      END $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
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
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION new_event_id() RETURNS text LANGUAGE plpgsql VOLATILE AS $$
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
    await queryRunner.query(
      'DROP FUNCTION post_status(integer, integer, integer, integer); DROP FUNCTION record_event(text, text, text, jsonb); DROP FUNCTION webhook_first_delay();',
    );
  }
}
