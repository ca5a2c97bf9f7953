import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Mends found in the fair queues after they landed:
 *
 * - An open delivery always has a due time. Code from before FairQueues (an API instance not yet
 *   replaced in a rolling deploy) writes deliveries without one, and would strand them: a BEFORE
 *   trigger gives such a row the time it is due (its retry, its post's schedule, or now). Today's
 *   code always writes due_at itself, so the trigger's condition is never true for it.
 * - A claim passes over customers at their cap in the query that picks the next customer, instead
 *   of spending a try on each: with many capped customers ahead in the round, the tries ran out
 *   before a customer with room was reached, and its due work waited for a later claim. And its
 *   budget of tries is fixed when it starts: it was counted against the items still wanted, so a
 *   claim of 15 items ended after 14 (fewer tries left than made).
 */
export class ClaimSafety1795370000000 implements MigrationInterface {
  name = 'ClaimSafety1795370000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION deliveries_due_by_default() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.due_at := coalesce(NEW.next_attempt_at, (SELECT p.scheduled_at FROM posts p WHERE p.id = NEW.post_id), now());
        RETURN NEW;
      END $$;
      CREATE TRIGGER deliveries_due_by_default BEFORE INSERT OR UPDATE ON deliveries
        FOR EACH ROW WHEN (NEW.due_at IS NULL AND NEW.status IN ('scheduled', 'pending', 'publishing'))
        EXECUTE FUNCTION deliveries_due_by_default();

      -- Open deliveries written without a due time since FairQueues ran (by code from before it): the
      -- update sets nothing new, but the trigger above gives each its time, and the lanes' trigger
      -- on due_at then fills their hints.
      UPDATE deliveries SET due_at = NULL WHERE due_at IS NULL AND status IN ('scheduled', 'pending', 'publishing');

      CREATE OR REPLACE FUNCTION claim_deliveries(worker text, wanted integer, customer_cap integer)
        RETURNS TABLE (delivery_id text, account_id text) LANGUAGE plpgsql AS $$
      DECLARE
        customer text;
        lane record;
        next_delivery record;
        passed text[] := '{}';
        tries integer := 0;
        -- Fixed at the start: counted against the wanted left, it shrank with every claim made.
        budget integer := 3 * wanted + 10;
      BEGIN
        PERFORM pg_advisory_xact_lock(hashtext('claim_deliveries'));
        WHILE wanted > 0 AND tries < budget LOOP
          tries := tries + 1;
          -- The customer whose turn is oldest among those with due work and room under the cap
          -- (counting at most cap claimed lanes each: an index range of a few rows).
          SELECT q.customer_id INTO customer FROM queue_customers q
           WHERE q.queue = 'publish' AND q.due_at <= now() AND q.customer_id <> ALL (passed)
             AND (SELECT count(*) FROM (SELECT 1 FROM publish_lanes l WHERE l.customer_id = q.customer_id AND l.claimed_by IS NOT NULL LIMIT customer_cap) held) < customer_cap
           ORDER BY q.served_at, q.customer_id LIMIT 1 FOR UPDATE OF q SKIP LOCKED;
          EXIT WHEN customer IS NULL;
          SELECT l.account_id INTO lane FROM publish_lanes l
           WHERE l.customer_id = customer AND l.claimed_by IS NULL AND l.due_at <= now()
           ORDER BY l.due_at LIMIT 1 FOR UPDATE SKIP LOCKED;
          IF NOT FOUND THEN
            -- The hint was early (its due lanes are taken, or their work was canceled): the real one.
            UPDATE queue_customers q SET due_at = (SELECT min(l.due_at) FROM publish_lanes l WHERE l.customer_id = customer AND l.claimed_by IS NULL)
             WHERE q.queue = 'publish' AND q.customer_id = customer;
            passed := passed || customer;
            customer := NULL;
            CONTINUE;
          END IF;
          SELECT d.id, d.due_at INTO next_delivery FROM deliveries d
           WHERE d.account_id = lane.account_id AND d.due_at IS NOT NULL ORDER BY d.due_at LIMIT 1;
          IF NOT FOUND OR next_delivery.due_at > now() THEN
            UPDATE publish_lanes l SET due_at = next_delivery.due_at WHERE l.account_id = lane.account_id;
            customer := NULL;
            CONTINUE;
          END IF;
          UPDATE publish_lanes l SET claimed_by = worker, claimed_at = now(), delivery_id = next_delivery.id WHERE l.account_id = lane.account_id;
          UPDATE queue_customers q SET served_at = clock_timestamp() WHERE q.queue = 'publish' AND q.customer_id = customer;
          delivery_id := next_delivery.id;
          account_id := lane.account_id;
          RETURN NEXT;
          wanted := wanted - 1;
          customer := NULL;
        END LOOP;
      END $$;

      CREATE OR REPLACE FUNCTION claim_events(worker text, wanted integer, customer_cap integer)
        RETURNS TABLE (event_id text) LANGUAGE plpgsql AS $$
      DECLARE
        customer text;
        next_event text;
        passed text[] := '{}';
        tries integer := 0;
        -- Fixed at the start: counted against the wanted left, it shrank with every claim made.
        budget integer := 3 * wanted + 10;
      BEGIN
        PERFORM pg_advisory_xact_lock(hashtext('claim_events'));
        WHILE wanted > 0 AND tries < budget LOOP
          tries := tries + 1;
          SELECT q.customer_id INTO customer FROM queue_customers q
           WHERE q.queue = 'webhook' AND q.due_at <= now() AND q.customer_id <> ALL (passed)
             AND (SELECT count(*) FROM (SELECT 1 FROM events e WHERE e.customer_id = q.customer_id AND e.claimed_by IS NOT NULL LIMIT customer_cap) held) < customer_cap
           ORDER BY q.served_at, q.customer_id LIMIT 1 FOR UPDATE OF q SKIP LOCKED;
          EXIT WHEN customer IS NULL;
          SELECT e.id INTO next_event FROM events e
           WHERE e.customer_id = customer AND e.delivery_status = 'pending' AND e.claimed_by IS NULL AND e.next_attempt_at <= now()
           ORDER BY e.next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED;
          IF next_event IS NULL THEN
            UPDATE queue_customers q SET due_at = (
              SELECT min(e.next_attempt_at) FROM events e WHERE e.customer_id = customer AND e.delivery_status = 'pending' AND e.claimed_by IS NULL
            ) WHERE q.queue = 'webhook' AND q.customer_id = customer;
            passed := passed || customer;
            customer := NULL;
            CONTINUE;
          END IF;
          UPDATE events SET claimed_by = worker, claimed_at = now() WHERE id = next_event;
          UPDATE queue_customers q SET served_at = clock_timestamp() WHERE q.queue = 'webhook' AND q.customer_id = customer;
          event_id := next_event;
          RETURN NEXT;
          wanted := wanted - 1;
          customer := NULL;
          next_event := NULL;
        END LOOP;
      END $$;
    `);
  }

  /** The claim functions stay as they are: they work on FairQueues' tables alone. */
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TRIGGER deliveries_due_by_default ON deliveries;
      DROP FUNCTION deliveries_due_by_default();
    `);
  }
}
