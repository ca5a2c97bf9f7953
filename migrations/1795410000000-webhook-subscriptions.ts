import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The fuller event catalogue and the connect flow's client_state:
 * - webhook_endpoints.events: the event types the customer subscribed to (NULL: all of them);
 *   others are recorded `skipped` by the outbox's own INSERT.
 * - posts.completed_at and a trigger on deliveries: post.completed, recorded exactly once, by the
 *   statement that makes a post's last delivery final (see record_post_completed).
 * - connected_accounts.expiring_notice_for: the token expiry account.token_expiring was sent for,
 *   so each expiry is announced once however many scans or retries see it.
 * - connect_attempts.client_state and pending_sessions.client_state: the customer's own value,
 *   handed back on the redirect, in the pending session and in account.connected.
 */
export class WebhookSubscriptions1795410000000 implements MigrationInterface {
  name = 'WebhookSubscriptions1795410000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE webhook_endpoints ADD COLUMN events text[]');
    await queryRunner.query('ALTER TABLE connected_accounts ADD COLUMN expiring_notice_for timestamptz');
    await queryRunner.query('ALTER TABLE connect_attempts ADD COLUMN client_state text');
    await queryRunner.query('ALTER TABLE pending_sessions ADD COLUMN client_state text');
    await queryRunner.query('ALTER TABLE posts ADD COLUMN completed_at timestamptz');
    // Posts already complete must not be announced later (nothing would change them anyway).
    await queryRunner.query(
      `UPDATE posts p SET completed_at = now()
        WHERE NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.post_id = p.id AND d.status IN ('scheduled', 'pending', 'publishing'))`,
    );
    // A trigger, not application code: every way a delivery becomes final (publish, failure,
    // cancel, anything added later) is covered, in the very statement that made it final.
    // Concurrency: the post's row lock serializes the deliveries of one post finishing at once;
    // in READ COMMITTED each statement of this (volatile) function takes a fresh snapshot, so the
    // count after the lock sees the other's committed delivery, and completed_at keeps it to once.
    await queryRunner.query(`
      CREATE FUNCTION record_post_completed() RETURNS trigger LANGUAGE plpgsql AS $$
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
    await queryRunner.query(`
      CREATE TRIGGER deliveries_post_completed AFTER UPDATE OF status ON deliveries
        FOR EACH ROW WHEN (NEW.status IN ('published', 'failed', 'canceled') AND OLD.status IS DISTINCT FROM NEW.status)
        EXECUTE FUNCTION record_post_completed()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER deliveries_post_completed ON deliveries');
    await queryRunner.query('DROP FUNCTION record_post_completed()');
    await queryRunner.query('ALTER TABLE posts DROP COLUMN completed_at');
    await queryRunner.query('ALTER TABLE pending_sessions DROP COLUMN client_state');
    await queryRunner.query('ALTER TABLE connect_attempts DROP COLUMN client_state');
    await queryRunner.query('ALTER TABLE connected_accounts DROP COLUMN expiring_notice_for');
    await queryRunner.query('ALTER TABLE webhook_endpoints DROP COLUMN events');
  }
}
