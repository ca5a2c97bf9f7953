import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Publishing and webhook attempts are claimed from their own tables instead of graphile-worker jobs
 * in one named queue per account (whose job fetch locked the queue row of every account with work:
 * its cost grew with the accounts). See docs/queues.md for the design and why.
 *
 * - `deliveries.due_at`: when the delivery next needs a worker; NULL once it is final. It is the job.
 * - `publish_lanes`: one row per account that ever had work. `claimed_by` is the worker publishing
 *   for it (so no two deliveries of one account are ever in flight); `due_at` the earliest due_at of
 *   its deliveries, a hint that may be early but never late.
 * - `queue_customers`: one row per customer and queue ('publish', 'webhook'): `due_at` the earliest
 *   due time of its unclaimed work (the same kind of hint), `served_at` when it last got a turn.
 *   Claims go round-robin over the customers with due work, oldest turn first.
 * - `events.claimed_by`: the worker making an attempt to deliver the event.
 *
 * The hints are kept by triggers, whatever statement changes a due time; the claim functions repair
 * an early hint when they meet one. Lock order everywhere: lanes (by account id), then customers.
 */
export class FairQueues1795340000000 implements MigrationInterface {
  name = 'FairQueues1795340000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE deliveries ADD COLUMN due_at timestamptz;
      ALTER TABLE deliveries ADD CONSTRAINT deliveries_due_only_while_open CHECK (due_at IS NULL OR status IN ('scheduled', 'pending', 'publishing'));
      CREATE INDEX deliveries_due_idx ON deliveries (account_id, due_at) WHERE due_at IS NOT NULL;

      CREATE TABLE publish_lanes (
        account_id   text PRIMARY KEY REFERENCES connected_accounts (id) ON DELETE CASCADE,
        customer_id  text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
        due_at       timestamptz,
        claimed_by   text,
        claimed_at   timestamptz,
        delivery_id  text
      );
      CREATE INDEX publish_lanes_free_idx ON publish_lanes (customer_id, due_at) WHERE claimed_by IS NULL AND due_at IS NOT NULL;
      CREATE INDEX publish_lanes_claimed_idx ON publish_lanes (customer_id) WHERE claimed_by IS NOT NULL;

      CREATE TABLE queue_customers (
        queue        text NOT NULL CHECK (queue IN ('publish', 'webhook')),
        customer_id  text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
        due_at       timestamptz,
        served_at    timestamptz NOT NULL DEFAULT '-infinity',
        PRIMARY KEY (queue, customer_id)
      );
      CREATE INDEX queue_customers_due_idx ON queue_customers (queue, due_at) WHERE due_at IS NOT NULL;

      ALTER TABLE events ADD COLUMN claimed_by text, ADD COLUMN claimed_at timestamptz;
      CREATE INDEX events_due_idx ON events (customer_id, next_attempt_at) WHERE delivery_status = 'pending' AND claimed_by IS NULL;
      CREATE INDEX events_claimed_idx ON events (customer_id) WHERE claimed_by IS NOT NULL;

      -- A delivery's due time set or lowered: its lane's hint, and (for a lane nobody holds) its customer's.
      CREATE FUNCTION deliveries_due_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        WITH due AS (
          SELECT account_id, min(customer_id) AS customer_id, min(due_at) AS due_at FROM changed WHERE due_at IS NOT NULL GROUP BY account_id
        ), lanes AS (
          INSERT INTO publish_lanes AS lane (account_id, customer_id, due_at)
          SELECT account_id, customer_id, due_at FROM due ORDER BY account_id
          ON CONFLICT (account_id) DO UPDATE SET due_at = least(lane.due_at, excluded.due_at)
          RETURNING lane.customer_id, lane.due_at, lane.claimed_by
        )
        INSERT INTO queue_customers AS q (queue, customer_id, due_at)
        SELECT 'publish', customer_id, min(due_at) FROM lanes WHERE claimed_by IS NULL GROUP BY customer_id ORDER BY customer_id
        ON CONFLICT (queue, customer_id) DO UPDATE SET due_at = least(q.due_at, excluded.due_at);
        IF EXISTS (SELECT 1 FROM changed WHERE due_at <= now()) THEN PERFORM pg_notify('queue_due', 'publish'); END IF;
        RETURN NULL;
      END $$;
      CREATE TRIGGER deliveries_due_inserted AFTER INSERT ON deliveries REFERENCING NEW TABLE AS changed
        FOR EACH STATEMENT EXECUTE FUNCTION deliveries_due_changed();
      -- (A trigger with a column list cannot have transition tables: moves are one row at a time.)
      CREATE FUNCTION delivery_due_moved() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        lane record;
      BEGIN
        INSERT INTO publish_lanes AS l (account_id, customer_id, due_at) VALUES (NEW.account_id, NEW.customer_id, NEW.due_at)
        ON CONFLICT (account_id) DO UPDATE SET due_at = least(l.due_at, excluded.due_at)
        RETURNING l.due_at, l.claimed_by INTO lane;
        IF lane.claimed_by IS NULL THEN
          INSERT INTO queue_customers AS q (queue, customer_id, due_at) VALUES ('publish', NEW.customer_id, lane.due_at)
          ON CONFLICT (queue, customer_id) DO UPDATE SET due_at = least(q.due_at, excluded.due_at);
          IF lane.due_at <= now() THEN PERFORM pg_notify('queue_due', 'publish'); END IF;
        END IF;
        RETURN NULL;
      END $$;
      CREATE TRIGGER deliveries_due_moved AFTER UPDATE OF due_at ON deliveries
        FOR EACH ROW WHEN (NEW.due_at IS NOT NULL AND NEW.due_at IS DISTINCT FROM OLD.due_at) EXECUTE FUNCTION delivery_due_moved();

      -- An event waiting for an attempt (new, retried, resent, or let go by its worker): its customer's hint.
      CREATE FUNCTION events_due_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO queue_customers AS q (queue, customer_id, due_at) VALUES ('webhook', NEW.customer_id, NEW.next_attempt_at)
        ON CONFLICT (queue, customer_id) DO UPDATE SET due_at = least(q.due_at, excluded.due_at);
        IF NEW.next_attempt_at <= now() THEN PERFORM pg_notify('queue_due', 'webhook'); END IF;
        RETURN NULL;
      END $$;
      CREATE TRIGGER events_due AFTER INSERT OR UPDATE OF next_attempt_at, claimed_by, delivery_status ON events
        FOR EACH ROW WHEN (NEW.delivery_status = 'pending' AND NEW.claimed_by IS NULL AND NEW.next_attempt_at IS NOT NULL)
        EXECUTE FUNCTION events_due_changed();

      -- Up to \`wanted\` deliveries, each of an account nobody publishes for, round-robin over the customers
      -- with due work and fewer than \`customer_cap\` in flight. Claims are serialized (a claim takes a
      -- millisecond or two), so concurrent workers never take the same work. A customer row locked by
      -- a writer (an insert's or a release's trigger) is skipped, never waited for: the claim waits on
      -- nothing, so it cannot deadlock with them, and that writer sends NOTIFY when its work is due.
      CREATE FUNCTION claim_deliveries(worker text, wanted integer, customer_cap integer)
        RETURNS TABLE (delivery_id text, account_id text) LANGUAGE plpgsql AS $$
      DECLARE
        customer text;
        lane record;
        next_delivery record;
        passed text[] := '{}';
        tries integer := 0;
      BEGIN
        PERFORM pg_advisory_xact_lock(hashtext('claim_deliveries'));
        WHILE wanted > 0 AND tries < 3 * wanted + 10 LOOP
          tries := tries + 1;
          SELECT q.customer_id INTO customer FROM queue_customers q
           WHERE q.queue = 'publish' AND q.due_at <= now() AND q.customer_id <> ALL (passed)
           ORDER BY q.served_at, q.customer_id LIMIT 1 FOR UPDATE SKIP LOCKED;
          EXIT WHEN customer IS NULL;
          IF (SELECT count(*) FROM publish_lanes l WHERE l.customer_id = customer AND l.claimed_by IS NOT NULL) >= customer_cap THEN
            passed := passed || customer;
            customer := NULL;
            CONTINUE;
          END IF;
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

      -- The worker is done with the account (for now): the lane's hint becomes exact again and, when
      -- work is left, its customer's hint is lowered to it. The lane row is locked first, so the
      -- earliest due time is read after any insert that touched the lane has committed.
      CREATE FUNCTION release_lane(account text, worker text) RETURNS void LANGUAGE plpgsql AS $$
      DECLARE
        next_due timestamptz;
        owner text;
      BEGIN
        PERFORM 1 FROM publish_lanes WHERE account_id = account FOR UPDATE;
        SELECT min(d.due_at) INTO next_due FROM deliveries d WHERE d.account_id = account AND d.due_at IS NOT NULL;
        UPDATE publish_lanes SET claimed_by = NULL, claimed_at = NULL, delivery_id = NULL, due_at = next_due
         WHERE account_id = account AND claimed_by = worker RETURNING customer_id INTO owner;
        IF owner IS NOT NULL AND next_due IS NOT NULL THEN
          INSERT INTO queue_customers AS q (queue, customer_id, due_at) VALUES ('publish', owner, next_due)
          ON CONFLICT (queue, customer_id) DO UPDATE SET due_at = least(q.due_at, excluded.due_at);
          IF next_due <= now() THEN PERFORM pg_notify('queue_due', 'publish'); END IF;
        END IF;
      END $$;

      -- Up to \`wanted\` events due for an attempt, round-robin over the customers with fewer than
      -- \`customer_cap\` attempts in flight (one hanging receiver holds at most that many).
      CREATE FUNCTION claim_events(worker text, wanted integer, customer_cap integer)
        RETURNS TABLE (event_id text) LANGUAGE plpgsql AS $$
      DECLARE
        customer text;
        next_event text;
        passed text[] := '{}';
        tries integer := 0;
      BEGIN
        PERFORM pg_advisory_xact_lock(hashtext('claim_events'));
        WHILE wanted > 0 AND tries < 3 * wanted + 10 LOOP
          tries := tries + 1;
          SELECT q.customer_id INTO customer FROM queue_customers q
           WHERE q.queue = 'webhook' AND q.due_at <= now() AND q.customer_id <> ALL (passed)
           ORDER BY q.served_at, q.customer_id LIMIT 1 FOR UPDATE SKIP LOCKED;
          EXIT WHEN customer IS NULL;
          IF (SELECT count(*) FROM events e WHERE e.customer_id = customer AND e.claimed_by IS NOT NULL) >= customer_cap THEN
            passed := passed || customer;
            customer := NULL;
            CONTINUE;
          END IF;
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

      -- What was queued before: open deliveries and pending events become due (the triggers fill the
      -- lanes and hints), and graphile-worker's jobs for them are dropped.
      UPDATE deliveries d SET due_at = coalesce(d.next_attempt_at, (SELECT p.scheduled_at FROM posts p WHERE p.id = d.post_id), d.updated_at)
       WHERE d.status IN ('scheduled', 'pending', 'publishing');
      UPDATE events SET next_attempt_at = coalesce(next_attempt_at, created_at) WHERE delivery_status = 'pending';
      DO $$ BEGIN
        IF to_regclass('graphile_worker._private_jobs') IS NOT NULL THEN
          DELETE FROM graphile_worker._private_jobs
           WHERE task_id IN (SELECT id FROM graphile_worker._private_tasks WHERE identifier IN ('publish-delivery', 'deliver-webhook', 'requeue-stranded-deliveries', 'requeue-stranded-events'));
        END IF;
      END $$;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP FUNCTION claim_events(text, integer, integer);
      DROP FUNCTION release_lane(text, text);
      DROP FUNCTION claim_deliveries(text, integer, integer);
      DROP TRIGGER events_due ON events;
      DROP FUNCTION events_due_changed();
      DROP TRIGGER deliveries_due_moved ON deliveries;
      DROP FUNCTION delivery_due_moved();
      DROP TRIGGER deliveries_due_inserted ON deliveries;
      DROP FUNCTION deliveries_due_changed();
      DROP INDEX events_claimed_idx;
      DROP INDEX events_due_idx;
      ALTER TABLE events DROP COLUMN claimed_at, DROP COLUMN claimed_by;
      DROP TABLE queue_customers;
      DROP TABLE publish_lanes;
      DROP INDEX deliveries_due_idx;
      ALTER TABLE deliveries DROP CONSTRAINT deliveries_due_only_while_open;
      ALTER TABLE deliveries DROP COLUMN due_at;
    `);
  }
}
