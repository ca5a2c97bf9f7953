-- The database schema the migrations make, as one file to read: every table with its columns,
-- constraints and indexes, every function and every trigger as they stand after the last migration.
--
-- Generated: run `npm run db:schema` after adding a migration, and commit the result. Do not edit
-- by hand; an e2e test (test/e2e/schema-dump.e2e-spec.ts) fails when this file and the migrations
-- disagree. The migrations (migrations/) remain what changes a database; this file only shows the
-- result. It is read from PostgreSQL's catalog (test/schema/schema-catalog.ts), in a stable order.

SET check_function_bodies = false;

-- Sequences

CREATE SEQUENCE events_seq AS bigint START WITH 1 INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 CACHE 1;

CREATE SEQUENCE schema_migrations_id_seq AS integer START WITH 1 INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 CACHE 1;

-- Tables, each with its constraints and indexes

CREATE TABLE customers (
  id               text NOT NULL,
  name             text NOT NULL,
  created_at       timestamp with time zone DEFAULT now() NOT NULL,
  mode             text DEFAULT 'live'::text NOT NULL,
  live_customer_id text,
  CONSTRAINT customers_pkey PRIMARY KEY (id),
  CONSTRAINT customers_one_test_world UNIQUE (live_customer_id),
  CONSTRAINT customers_mode_known CHECK ((mode = ANY (ARRAY['live'::text, 'test'::text]))),
  CONSTRAINT customers_name_check CHECK (((length(name) >= 1) AND (length(name) <= 100))),
  CONSTRAINT customers_test_world_linked CHECK ((((mode = 'live'::text) AND (live_customer_id IS NULL)) OR ((mode = 'test'::text) AND (live_customer_id IS NOT NULL) AND (live_customer_id <> id)))),
  CONSTRAINT customers_live_customer_id_fkey FOREIGN KEY (live_customer_id) REFERENCES customers(id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX customers_live_name_key ON public.customers USING btree (name) WHERE (mode = 'live'::text);

CREATE TABLE api_keys (
  id             text NOT NULL,
  customer_id    text NOT NULL,
  name           text,
  display_prefix text NOT NULL,
  key_hash       text NOT NULL,
  created_at     timestamp with time zone DEFAULT now() NOT NULL,
  last_used_at   timestamp with time zone,
  revoked_at     timestamp with time zone,
  CONSTRAINT api_keys_pkey PRIMARY KEY (id),
  CONSTRAINT api_keys_key_hash_key UNIQUE (key_hash),
  CONSTRAINT api_keys_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES customers(id) ON DELETE CASCADE
);
CREATE INDEX api_keys_customer_idx ON public.api_keys USING btree (customer_id);

CREATE TABLE connect_attempts (
  state_hash               text NOT NULL,
  customer_id              text NOT NULL,
  tenant_id                text NOT NULL,
  network                  text NOT NULL,
  redirect_uri             text NOT NULL,
  code_verifier_encrypted  text NOT NULL,
  created_at               timestamp with time zone DEFAULT now() NOT NULL,
  expires_at               timestamp with time zone NOT NULL,
  used_at                  timestamp with time zone,
  client_state             text,
  sign_in_tries            integer DEFAULT 0 NOT NULL,
  attempt_secret_encrypted text,
  adapter_state_encrypted  text,
  CONSTRAINT connect_attempts_pkey PRIMARY KEY (state_hash),
  CONSTRAINT connect_attempts_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES customers(id) ON DELETE CASCADE
);
CREATE INDEX connect_attempts_expires_idx ON public.connect_attempts USING btree (expires_at);

CREATE TABLE connected_accounts (
  id                      text NOT NULL,
  customer_id             text NOT NULL,
  tenant_id               text NOT NULL,
  platform                text NOT NULL,
  network_account_id      text NOT NULL,
  username                text NOT NULL,
  nickname                text NOT NULL,
  avatar_url              text,
  status                  text DEFAULT 'active'::text NOT NULL,
  access_token_encrypted  text,
  refresh_token_encrypted text,
  token_expires_at        timestamp with time zone,
  scopes                  text[] DEFAULT '{}'::text[] NOT NULL,
  connected_at            timestamp with time zone DEFAULT now() NOT NULL,
  disconnected_at         timestamp with time zone,
  created_at              timestamp with time zone DEFAULT now() NOT NULL,
  updated_at              timestamp with time zone DEFAULT now() NOT NULL,
  user_token_encrypted    text,
  network_user_id         text,
  expiring_notice_for     timestamp with time zone,
  network_traits          jsonb DEFAULT '{}'::jsonb NOT NULL,
  token_binding_encrypted text,
  CONSTRAINT connected_accounts_pkey PRIMARY KEY (id),
  CONSTRAINT connected_accounts_customer_id_tenant_id_platform_network_a_key UNIQUE (customer_id, tenant_id, platform, network_account_id),
  CONSTRAINT connected_accounts_disconnected_without_tokens CHECK (((status <> 'disconnected'::text) OR ((access_token_encrypted IS NULL) AND (refresh_token_encrypted IS NULL) AND (user_token_encrypted IS NULL)))),
  CONSTRAINT connected_accounts_status_check CHECK ((status = ANY (ARRAY['active'::text, 'expired'::text, 'disconnected'::text]))),
  CONSTRAINT connected_accounts_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES customers(id) ON DELETE CASCADE
);
CREATE INDEX connected_accounts_owner_idx ON public.connected_accounts USING btree (platform, network_user_id) WHERE (network_user_id IS NOT NULL);
CREATE INDEX connected_accounts_tenant_page_idx ON public.connected_accounts USING btree (customer_id, tenant_id, created_at, id);
CREATE INDEX connected_accounts_token_expiry_idx ON public.connected_accounts USING btree (platform, token_expires_at) WHERE ((status = 'active'::text) AND (token_expires_at IS NOT NULL));

CREATE TABLE dashboard_sign_in_failures (
  key            text NOT NULL,
  failures       integer NOT NULL,
  last_failed_at timestamp with time zone NOT NULL,
  CONSTRAINT dashboard_sign_in_failures_pkey PRIMARY KEY (key)
);
CREATE INDEX dashboard_sign_in_failures_last_failed_idx ON public.dashboard_sign_in_failures USING btree (last_failed_at);

CREATE TABLE dashboard_users (
  id            text NOT NULL,
  customer_id   text NOT NULL,
  email         text NOT NULL,
  password_hash text NOT NULL,
  created_at    timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT dashboard_users_pkey PRIMARY KEY (id),
  CONSTRAINT dashboard_users_email_key UNIQUE (email),
  CONSTRAINT dashboard_users_email_check CHECK ((email = lower(email))),
  CONSTRAINT dashboard_users_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES customers(id) ON DELETE CASCADE
);

CREATE TABLE dashboard_sessions (
  token_hash text NOT NULL,
  user_id    text NOT NULL,
  csrf_token text NOT NULL,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  expires_at timestamp with time zone NOT NULL,
  viewing    text DEFAULT 'live'::text NOT NULL,
  CONSTRAINT dashboard_sessions_pkey PRIMARY KEY (token_hash),
  CONSTRAINT dashboard_sessions_viewing_known CHECK ((viewing = ANY (ARRAY['live'::text, 'test'::text]))),
  CONSTRAINT dashboard_sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES dashboard_users(id) ON DELETE CASCADE
);
CREATE INDEX dashboard_sessions_expiry_idx ON public.dashboard_sessions USING btree (expires_at);

CREATE TABLE emulator_worlds (
  world_id   text NOT NULL,
  state      jsonb NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT emulator_worlds_pkey PRIMARY KEY (world_id),
  CONSTRAINT emulator_worlds_world_id_fkey FOREIGN KEY (world_id) REFERENCES customers(id) ON DELETE CASCADE
);

CREATE TABLE events (
  id              text NOT NULL,
  customer_id     text NOT NULL,
  tenant_id       text,
  type            text NOT NULL,
  data            jsonb NOT NULL,
  created_at      timestamp with time zone DEFAULT now() NOT NULL,
  delivery_status text NOT NULL,
  attempts        integer DEFAULT 0 NOT NULL,
  round_attempts  integer DEFAULT 0 NOT NULL,
  round           integer DEFAULT 0 NOT NULL,
  next_attempt_at timestamp with time zone,
  delivered_at    timestamp with time zone,
  failure_reason  text,
  claimed_by      text,
  claimed_at      timestamp with time zone,
  txid            xid8 DEFAULT pg_current_xact_id() NOT NULL,
  seq             bigint DEFAULT nextval('events_seq'::regclass) NOT NULL,
  CONSTRAINT events_pkey PRIMARY KEY (id),
  CONSTRAINT events_delivery_status_check CHECK ((delivery_status = ANY (ARRAY['pending'::text, 'delivered'::text, 'failed'::text, 'skipped'::text]))),
  CONSTRAINT events_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES customers(id) ON DELETE CASCADE
);
CREATE INDEX events_claimed_idx ON public.events USING btree (customer_id) WHERE (claimed_by IS NOT NULL);
CREATE INDEX events_created_idx ON public.events USING btree (created_at);
CREATE INDEX events_due_idx ON public.events USING btree (customer_id, next_attempt_at) WHERE ((delivery_status = 'pending'::text) AND (claimed_by IS NULL));
CREATE INDEX events_history_idx ON public.events USING btree (customer_id, txid, seq);
CREATE INDEX events_newest_idx ON public.events USING btree (customer_id, created_at DESC, id DESC);
CREATE INDEX events_received_comment_idx ON public.events USING btree (customer_id, (((data -> 'comment'::text) ->> 'id'::text))) WHERE (type = 'comment.received'::text);

CREATE TABLE idempotency_keys (
  customer_id     text NOT NULL,
  key             text NOT NULL,
  request_hash    text NOT NULL,
  response_status integer,
  response_body   jsonb,
  created_at      timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT idempotency_keys_pkey PRIMARY KEY (customer_id, key),
  CONSTRAINT idempotency_keys_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES customers(id) ON DELETE CASCADE
);

CREATE TABLE media (
  id             text NOT NULL,
  customer_id    text NOT NULL,
  content_type   text NOT NULL,
  size           bigint NOT NULL,
  filename       text,
  state          text DEFAULT 'awaiting_upload'::text NOT NULL,
  failure        text,
  created_at     timestamp with time zone DEFAULT now() NOT NULL,
  uploaded_at    timestamp with time zone,
  last_used_at   timestamp with time zone,
  duration_ms    integer,
  upload_beat_at timestamp with time zone,
  CONSTRAINT media_pkey PRIMARY KEY (id),
  CONSTRAINT media_duration_ms_check CHECK ((duration_ms >= 0)),
  CONSTRAINT media_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES customers(id) ON DELETE CASCADE
);
CREATE INDEX media_customer_page_idx ON public.media USING btree (customer_id, created_at, id);
CREATE INDEX media_unused_idx ON public.media USING btree (COALESCE(last_used_at, created_at));

CREATE TABLE media_chunks (
  media_id text NOT NULL,
  index    integer NOT NULL,
  bytes    bytea NOT NULL,
  CONSTRAINT media_chunks_pkey PRIMARY KEY (media_id, index),
  CONSTRAINT media_chunks_media_id_fkey FOREIGN KEY (media_id) REFERENCES media(id) ON DELETE CASCADE
);

CREATE TABLE metric_snapshots (
  subject_kind    text NOT NULL,
  subject_id      text NOT NULL,
  customer_id     text NOT NULL,
  metrics         jsonb,
  fetched_at      timestamp with time zone,
  not_before      timestamp with time zone NOT NULL,
  next_refresh_at timestamp with time zone,
  last_error      text,
  CONSTRAINT metric_snapshots_pkey PRIMARY KEY (subject_kind, subject_id),
  CONSTRAINT metric_snapshots_subject_kind_check CHECK ((subject_kind = ANY (ARRAY['delivery'::text, 'account'::text])))
);
CREATE INDEX metric_snapshots_due_idx ON public.metric_snapshots USING btree (next_refresh_at) WHERE (next_refresh_at IS NOT NULL);

CREATE TABLE network_apps (
  id                      text NOT NULL,
  customer_id             text NOT NULL,
  network                 text NOT NULL,
  client_id               text NOT NULL,
  client_secret_encrypted text NOT NULL,
  created_at              timestamp with time zone DEFAULT now() NOT NULL,
  updated_at              timestamp with time zone DEFAULT now() NOT NULL,
  login_config_id         text,
  require_appsecret_proof boolean DEFAULT false NOT NULL,
  business_access         boolean DEFAULT false NOT NULL,
  CONSTRAINT network_apps_pkey PRIMARY KEY (id),
  CONSTRAINT network_apps_customer_id_network_key UNIQUE (customer_id, network),
  CONSTRAINT network_apps_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES customers(id) ON DELETE CASCADE
);

CREATE TABLE network_quota_usage (
  network      text NOT NULL,
  app_key      text NOT NULL,
  quota_window text NOT NULL,
  bucket       text NOT NULL,
  used         integer NOT NULL,
  updated_at   timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT network_quota_usage_pkey PRIMARY KEY (network, app_key, quota_window, bucket),
  CONSTRAINT network_quota_usage_used_check CHECK ((used >= 0))
);

CREATE TABLE pending_sessions (
  id           text NOT NULL,
  token_hash   text NOT NULL,
  customer_id  text NOT NULL,
  tenant_id    text NOT NULL,
  network      text NOT NULL,
  pages        jsonb NOT NULL,
  created_at   timestamp with time zone DEFAULT now() NOT NULL,
  expires_at   timestamp with time zone NOT NULL,
  finalized_at timestamp with time zone,
  client_state text,
  CONSTRAINT pending_sessions_pkey PRIMARY KEY (id),
  CONSTRAINT pending_sessions_token_hash_key UNIQUE (token_hash),
  CONSTRAINT pending_sessions_finalized_without_pages CHECK (((finalized_at IS NULL) OR (pages = '[]'::jsonb))),
  CONSTRAINT pending_sessions_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES customers(id) ON DELETE CASCADE
);
CREATE INDEX pending_sessions_expires_idx ON public.pending_sessions USING btree (expires_at);

CREATE TABLE posts (
  id           text NOT NULL,
  customer_id  text NOT NULL,
  tenant_id    text NOT NULL,
  containers   jsonb NOT NULL,
  scheduled_at timestamp with time zone,
  created_at   timestamp with time zone DEFAULT now() NOT NULL,
  completed_at timestamp with time zone,
  variants     jsonb DEFAULT '{}'::jsonb NOT NULL,
  trace_parent text,
  request      jsonb,
  CONSTRAINT posts_pkey PRIMARY KEY (id),
  CONSTRAINT posts_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES customers(id) ON DELETE CASCADE
);
CREATE INDEX posts_customer_page_idx ON public.posts USING btree (customer_id, created_at, id);
CREATE INDEX posts_newest_idx ON public.posts USING btree (customer_id, tenant_id, created_at DESC, id DESC);

CREATE TABLE deliveries (
  id               text NOT NULL,
  post_id          text NOT NULL,
  customer_id      text NOT NULL,
  account_id       text NOT NULL,
  platform         text NOT NULL,
  status           text NOT NULL,
  attempts         integer DEFAULT 0 NOT NULL,
  progress         jsonb DEFAULT '{}'::jsonb NOT NULL,
  platform_post_id text,
  permalink        text,
  error_code       text,
  error_message    text,
  next_attempt_at  timestamp with time zone,
  published_at     timestamp with time zone,
  created_at       timestamp with time zone DEFAULT now() NOT NULL,
  updated_at       timestamp with time zone DEFAULT now() NOT NULL,
  rate_limit_waits integer DEFAULT 0 NOT NULL,
  due_at           timestamp with time zone,
  deleted_at       timestamp with time zone,
  retried_at       timestamp with time zone,
  edit             jsonb,
  CONSTRAINT deliveries_pkey PRIMARY KEY (id),
  CONSTRAINT deliveries_due_only_while_open CHECK (((due_at IS NULL) OR (status = ANY (ARRAY['scheduled'::text, 'pending'::text, 'publishing'::text])))),
  CONSTRAINT deliveries_status_check CHECK ((status = ANY (ARRAY['draft'::text, 'scheduled'::text, 'pending'::text, 'publishing'::text, 'published'::text, 'failed'::text, 'canceled'::text, 'deleting'::text, 'deleted'::text]))),
  CONSTRAINT deliveries_account_id_fkey FOREIGN KEY (account_id) REFERENCES connected_accounts(id),
  CONSTRAINT deliveries_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES customers(id) ON DELETE CASCADE,
  CONSTRAINT deliveries_post_id_fkey FOREIGN KEY (post_id) REFERENCES posts(id) ON DELETE CASCADE
);
CREATE INDEX deliveries_account_idx ON public.deliveries USING btree (account_id, status);
CREATE INDEX deliveries_due_idx ON public.deliveries USING btree (account_id, due_at) WHERE (due_at IS NOT NULL);
CREATE INDEX deliveries_network_id_idx ON public.deliveries USING btree (customer_id, platform_post_id) WHERE (platform_post_id IS NOT NULL);
CREATE INDEX deliveries_post_idx ON public.deliveries USING btree (post_id);
CREATE INDEX deliveries_recently_published_idx ON public.deliveries USING btree (published_at) WHERE (status = 'published'::text);

CREATE TABLE comment_requests (
  id                  text NOT NULL,
  customer_id         text NOT NULL,
  post_id             text NOT NULL,
  delivery_id         text NOT NULL,
  account_id          text NOT NULL,
  text                text NOT NULL,
  reply_to_id         text,
  status              text DEFAULT 'queued'::text NOT NULL,
  attempts            integer DEFAULT 0 NOT NULL,
  rate_limit_waits    integer DEFAULT 0 NOT NULL,
  platform_comment_id text,
  error_code          text,
  error_message       text,
  next_attempt_at     timestamp with time zone,
  created_at          timestamp with time zone DEFAULT now() NOT NULL,
  updated_at          timestamp with time zone DEFAULT now() NOT NULL,
  sent_at             timestamp with time zone,
  CONSTRAINT comment_requests_pkey PRIMARY KEY (id),
  CONSTRAINT comment_requests_status_check CHECK ((status = ANY (ARRAY['queued'::text, 'sending'::text, 'sent'::text, 'failed'::text]))),
  CONSTRAINT comment_requests_account_id_fkey FOREIGN KEY (account_id) REFERENCES connected_accounts(id),
  CONSTRAINT comment_requests_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES customers(id) ON DELETE CASCADE,
  CONSTRAINT comment_requests_delivery_id_fkey FOREIGN KEY (delivery_id) REFERENCES deliveries(id) ON DELETE CASCADE,
  CONSTRAINT comment_requests_post_id_fkey FOREIGN KEY (post_id) REFERENCES posts(id) ON DELETE CASCADE
);
CREATE INDEX comment_requests_by_post ON public.comment_requests USING btree (customer_id, post_id, created_at DESC);
CREATE INDEX comment_requests_network_id_idx ON public.comment_requests USING btree (customer_id, platform_comment_id) WHERE (platform_comment_id IS NOT NULL);

CREATE TABLE comment_watermarks (
  delivery_id    text NOT NULL,
  customer_id    text NOT NULL,
  newest_at      timestamp with time zone NOT NULL,
  ids_at_newest  text[] DEFAULT '{}'::text[] NOT NULL,
  scanned_at     timestamp with time zone NOT NULL,
  backlog_cursor text,
  backlog_until  timestamp with time zone,
  backlog_ids    text[],
  CONSTRAINT comment_watermarks_pkey PRIMARY KEY (delivery_id),
  CONSTRAINT comment_watermarks_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES customers(id) ON DELETE CASCADE,
  CONSTRAINT comment_watermarks_delivery_id_fkey FOREIGN KEY (delivery_id) REFERENCES deliveries(id) ON DELETE CASCADE
);

CREATE TABLE delivery_attempts (
  id               text NOT NULL,
  delivery_id      text NOT NULL,
  number           integer NOT NULL,
  worker_id        text NOT NULL,
  resuming         boolean DEFAULT false NOT NULL,
  started_at       timestamp with time zone NOT NULL,
  ended_at         timestamp with time zone NOT NULL,
  outcome          text NOT NULL,
  error_code       text,
  error_message    text,
  wait_reason      text,
  next_attempt_at  timestamp with time zone,
  network_reset_at timestamp with time zone,
  calls            jsonb DEFAULT '[]'::jsonb NOT NULL,
  checkpoints      jsonb DEFAULT '[]'::jsonb NOT NULL,
  created_at       timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT delivery_attempts_pkey PRIMARY KEY (id),
  CONSTRAINT delivery_attempts_delivery_id_fkey FOREIGN KEY (delivery_id) REFERENCES deliveries(id) ON DELETE CASCADE
);
CREATE INDEX delivery_attempts_delivery_idx ON public.delivery_attempts USING btree (delivery_id, created_at, id);

CREATE TABLE publish_lanes (
  account_id  text NOT NULL,
  customer_id text NOT NULL,
  due_at      timestamp with time zone,
  claimed_by  text,
  claimed_at  timestamp with time zone,
  delivery_id text,
  CONSTRAINT publish_lanes_pkey PRIMARY KEY (account_id),
  CONSTRAINT publish_lanes_account_id_fkey FOREIGN KEY (account_id) REFERENCES connected_accounts(id) ON DELETE CASCADE,
  CONSTRAINT publish_lanes_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES customers(id) ON DELETE CASCADE
);
CREATE INDEX publish_lanes_claimed_idx ON public.publish_lanes USING btree (customer_id) WHERE (claimed_by IS NOT NULL);
CREATE INDEX publish_lanes_free_idx ON public.publish_lanes USING btree (customer_id, due_at) WHERE ((claimed_by IS NULL) AND (due_at IS NOT NULL));

CREATE TABLE queue_customers (
  queue       text NOT NULL,
  customer_id text NOT NULL,
  due_at      timestamp with time zone,
  served_at   timestamp with time zone DEFAULT '-infinity'::timestamp with time zone NOT NULL,
  CONSTRAINT queue_customers_pkey PRIMARY KEY (queue, customer_id),
  CONSTRAINT queue_customers_queue_check CHECK ((queue = ANY (ARRAY['publish'::text, 'webhook'::text]))),
  CONSTRAINT queue_customers_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES customers(id) ON DELETE CASCADE
);
CREATE INDEX queue_customers_due_idx ON public.queue_customers USING btree (queue, due_at) WHERE (due_at IS NOT NULL);

CREATE TABLE redirect_urls (
  id          text NOT NULL,
  customer_id text NOT NULL,
  url         text NOT NULL,
  created_at  timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT redirect_urls_pkey PRIMARY KEY (id),
  CONSTRAINT redirect_urls_customer_id_url_key UNIQUE (customer_id, url),
  CONSTRAINT redirect_urls_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES customers(id) ON DELETE CASCADE
);

CREATE TABLE scan_rounds (
  name       text NOT NULL,
  started_at timestamp with time zone NOT NULL,
  CONSTRAINT scan_rounds_pkey PRIMARY KEY (name)
);

CREATE TABLE schema_migrations (
  id          integer DEFAULT nextval('schema_migrations_id_seq'::regclass) NOT NULL,
  "timestamp" bigint NOT NULL,
  name        character varying NOT NULL,
  CONSTRAINT "PK_62441bec32630ced9e4cccae336" PRIMARY KEY (id)
);

CREATE TABLE webhook_attempts (
  event_id        text NOT NULL,
  attempt_number  integer NOT NULL,
  url             text NOT NULL,
  status_code     integer,
  duration_ms     integer NOT NULL,
  error           text,
  attempted_at    timestamp with time zone DEFAULT now() NOT NULL,
  customer_id     text NOT NULL,
  response_prefix text,
  CONSTRAINT webhook_attempts_pkey PRIMARY KEY (event_id, attempt_number),
  CONSTRAINT webhook_attempts_response_prefix_bounded CHECK ((octet_length(response_prefix) <= 512)),
  CONSTRAINT webhook_attempts_event_id_fkey FOREIGN KEY (event_id) REFERENCES events(id) ON DELETE CASCADE
);
CREATE INDEX webhook_attempts_customer_idx ON public.webhook_attempts USING btree (customer_id, attempted_at);

CREATE TABLE webhook_endpoints (
  customer_id                text NOT NULL,
  url                        text NOT NULL,
  secret_encrypted           text NOT NULL,
  secret_last4               text NOT NULL,
  disabled_at                timestamp with time zone,
  disabled_reason            text,
  created_at                 timestamp with time zone DEFAULT now() NOT NULL,
  updated_at                 timestamp with time zone DEFAULT now() NOT NULL,
  previous_secret_encrypted  text,
  previous_secret_expires_at timestamp with time zone,
  events                     text[],
  CONSTRAINT webhook_endpoints_pkey PRIMARY KEY (customer_id),
  CONSTRAINT webhook_endpoints_previous_secret_whole CHECK (((previous_secret_encrypted IS NULL) = (previous_secret_expires_at IS NULL))),
  CONSTRAINT webhook_endpoints_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES customers(id) ON DELETE CASCADE
);

CREATE TABLE worker_heartbeats (
  worker_id text NOT NULL,
  beat_at   timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT worker_heartbeats_pkey PRIMARY KEY (worker_id)
);

-- Sequences owned by a column (serial)

ALTER SEQUENCE events_seq OWNED BY events.seq;

ALTER SEQUENCE schema_migrations_id_seq OWNED BY schema_migrations.id;

-- Functions

CREATE OR REPLACE FUNCTION public.api_key_revoked()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        PERFORM pg_notify('api_key_revoked', OLD.id);
        RETURN NULL;
      END $function$;

CREATE OR REPLACE FUNCTION public.claim_deliveries(worker text, wanted integer, customer_cap integer)
 RETURNS TABLE(delivery_id text, account_id text)
 LANGUAGE plpgsql
AS $function$
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
      END $function$;

CREATE OR REPLACE FUNCTION public.claim_events(worker text, wanted integer, customer_cap integer)
 RETURNS TABLE(event_id text)
 LANGUAGE plpgsql
AS $function$
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
      END $function$;

CREATE OR REPLACE FUNCTION public.deliveries_due_by_default()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        NEW.due_at := coalesce(NEW.next_attempt_at, (SELECT p.scheduled_at FROM posts p WHERE p.id = NEW.post_id), now());
        RETURN NEW;
      END $function$;

CREATE OR REPLACE FUNCTION public.deliveries_due_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
      END $function$;

CREATE OR REPLACE FUNCTION public.delivery_due_moved()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
      END $function$;

CREATE OR REPLACE FUNCTION public.events_due_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
      BEGIN
        INSERT INTO queue_customers AS q (queue, customer_id, due_at) VALUES ('webhook', NEW.customer_id, NEW.next_attempt_at)
        ON CONFLICT (queue, customer_id) DO UPDATE SET due_at = least(q.due_at, excluded.due_at);
        IF NEW.next_attempt_at <= now() THEN PERFORM pg_notify('queue_due', 'webhook'); END IF;
        RETURN NULL;
      END $function$;

CREATE OR REPLACE FUNCTION public.new_event_id()
 RETURNS text
 LANGUAGE plpgsql
AS $function$
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
      END $function$;

CREATE OR REPLACE FUNCTION public.post_status(published integer, failed integer, canceled integer, total integer)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$
        -- A finished post's status (none of its deliveries open) from its deliveries' counts. Its
        -- twin is postStatusOf (src/posts/post-status.ts), which reads deliveries already in memory
        -- on hot paths, where asking the database would cost a round trip: an e2e test runs every
        -- combination through both and expects the same answer.
        SELECT CASE WHEN published = total THEN 'published'
                    WHEN published > 0 THEN 'partially_published'
                    WHEN canceled = total THEN 'canceled'
                    ELSE 'failed' END
      $function$;

CREATE OR REPLACE FUNCTION public.record_event(customer text, tenant text, event_type text, event_data jsonb)
 RETURNS text
 LANGUAGE plpgsql
AS $function$
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
      END $function$;

CREATE OR REPLACE FUNCTION public.record_post_completed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
      END $function$;

CREATE OR REPLACE FUNCTION public.release_lane(account text, worker text)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
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
      END $function$;

CREATE OR REPLACE FUNCTION public.webhook_first_delay()
 RETURNS interval
 LANGUAGE sql
 STABLE
AS $function$
        -- The delay before an event's first attempt: the connection's setting, set by the service
        -- from its retry schedule's first entry; 0 on a connection that did not set it.
        SELECT coalesce(nullif(current_setting('sps.webhook_first_delay_ms', true), ''), '0')::bigint * interval '1 millisecond'
      $function$;

-- Triggers, by table

CREATE TRIGGER api_keys_deleted AFTER DELETE ON api_keys FOR EACH ROW EXECUTE FUNCTION api_key_revoked();

CREATE TRIGGER api_keys_revoked AFTER UPDATE OF revoked_at ON api_keys FOR EACH ROW WHEN (new.revoked_at IS NOT NULL AND old.revoked_at IS NULL) EXECUTE FUNCTION api_key_revoked();

CREATE TRIGGER deliveries_due_by_default BEFORE INSERT OR UPDATE ON deliveries FOR EACH ROW WHEN (new.due_at IS NULL AND (new.status = ANY (ARRAY['scheduled'::text, 'pending'::text, 'publishing'::text]))) EXECUTE FUNCTION deliveries_due_by_default();

CREATE TRIGGER deliveries_due_inserted AFTER INSERT ON deliveries REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION deliveries_due_changed();

CREATE TRIGGER deliveries_due_moved AFTER UPDATE OF due_at ON deliveries FOR EACH ROW WHEN (new.due_at IS NOT NULL AND new.due_at IS DISTINCT FROM old.due_at) EXECUTE FUNCTION delivery_due_moved();

CREATE TRIGGER deliveries_post_completed AFTER UPDATE OF status ON deliveries FOR EACH ROW WHEN ((new.status = ANY (ARRAY['published'::text, 'failed'::text, 'canceled'::text])) AND old.status IS DISTINCT FROM new.status) EXECUTE FUNCTION record_post_completed();

CREATE TRIGGER events_due AFTER INSERT OR UPDATE OF next_attempt_at, claimed_by, delivery_status ON events FOR EACH ROW WHEN (new.delivery_status = 'pending'::text AND new.claimed_by IS NULL AND new.next_attempt_at IS NOT NULL) EXECUTE FUNCTION events_due_changed();
