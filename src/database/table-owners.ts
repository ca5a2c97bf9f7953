/**
 * Which module owns each table: the folder under src/ whose stores (`*.store.ts`, with their
 * statements beside them in `*.sql.ts`) are the only code that names it in SQL. Another module
 * that needs the rows asks the owner's exported store or service. `table-owners.spec.ts` checks
 * that every table of db/schema.sql is listed here and that no SQL elsewhere names it.
 */
export const TABLE_OWNERS = {
  customers: 'customers',
  redirect_urls: 'customers',
  api_keys: 'auth',
  network_apps: 'networks',
  network_quota_usage: 'networks',
  connected_accounts: 'accounts',
  connect_attempts: 'connect',
  pending_sessions: 'connect',
  emulator_worlds: 'emulator',
  posts: 'posts',
  deliveries: 'posts',
  delivery_attempts: 'posts',
  idempotency_keys: 'posts',
  events: 'webhooks',
  webhook_endpoints: 'webhooks',
  webhook_attempts: 'webhooks',
  dashboard_users: 'dashboard',
  dashboard_sessions: 'dashboard',
  dashboard_sign_in_failures: 'dashboard',
  publish_lanes: 'queue',
  queue_customers: 'queue',
  worker_heartbeats: 'queue',
  scan_rounds: 'scheduling',
  media: 'media',
  media_chunks: 'media',
  metric_snapshots: 'metrics',
  comment_requests: 'comments',
  comment_watermarks: 'comments',
  schema_migrations: 'database',
} as const;

export type OwnedTable = keyof typeof TABLE_OWNERS;

/**
 * Statements that read another module's table inside a store, because one statement is what makes
 * them right or fast (a claim that must see the account and the post in the same snapshot, a page
 * filtered by a join). Each names the store file, the foreign table and why; everything else asks
 * the owner.
 */
export const FOREIGN_READS: readonly { store: string; table: OwnedTable; why: string }[] = [
  {
    store: 'auth/api-keys.store.ts',
    table: 'customers',
    why: 'The key lookup every request with an uncached key makes: the key and its customer row in one prepared statement.',
  },
  {
    store: 'webhooks/events.store.ts',
    table: 'customers',
    why: "An event's livemode is its customer row's mode: read in the same statement as the event (each attempt, the delivery log).",
  },
  {
    store: 'webhooks/webhook-insights.store.ts',
    table: 'customers',
    why: "The dashboard's event page rebuilds the body sent, whose livemode is the customer row's mode, read with the event.",
  },
  {
    store: 'webhooks/events.store.ts',
    table: 'worker_heartbeats',
    why: 'Letting go of abandoned claims: a claim is taken over only when its worker has no heartbeat, seen in the same snapshot as the claim.',
  },
  {
    store: 'dashboard/dashboard.sql.ts',
    table: 'customers',
    why: "A session resolves with its user's customer and test world in one statement, on every dashboard page; it starts on the world of the customer's last used key.",
  },
  {
    store: 'dashboard/dashboard.sql.ts',
    table: 'api_keys',
    why: "A new session views the world of the customer's most recently used key: read inside the session's INSERT.",
  },
  {
    store: 'metrics/metric-snapshots.sql.ts',
    table: 'connected_accounts',
    why: "The metrics scan's due accounts: snapshots due again whose account is still active, ranked and capped per customer in one statement",
  },
  {
    store: 'comments/comments.sql.ts',
    table: 'connected_accounts',
    why: "The comment scan's due deliveries: only an active account's, ranked and capped per customer with their watermarks in one statement",
  },
  {
    store: 'comments/comments.sql.ts',
    table: 'deliveries',
    why: "A replyToId's known threads (a delivery's own object, beside answers and announced comments, one capped UNION); the scanned delivery read with its watermark",
  },
  {
    store: 'comments/comments.sql.ts',
    table: 'posts',
    why: "The scanned delivery's post tenant, read with the delivery and its watermark in one statement",
  },
  {
    store: 'comments/comments.sql.ts',
    table: 'events',
    why: "A replyToId's known threads: comments the scan announced (comment.received), in the same capped UNION as the answers sent",
  },
  {
    store: 'comments/comments.sql.ts',
    table: 'publish_lanes',
    why: "An answer's attempt begins only while its worker holds the account's lane, checked in the UPDATE that marks it sending",
  },
  {
    store: 'comments/comments.sql.ts',
    table: 'worker_heartbeats',
    why: "An answer's attempt begins only while its worker's heartbeat is fresh, checked in the UPDATE that marks it sending",
  },
  {
    store: 'emulator/worlds/emulator-worlds.store.ts',
    table: 'customers',
    why: "a test world's row is made only for a test customer's id: the INSERT … SELECT FROM customers checks the customer and inserts in one statement, with no window between",
  },
  {
    store: 'posts/deliveries.store.ts',
    table: 'connected_accounts',
    why: "A delivery's claim (begin) marks it publishing only while its account is active and reads the account back in the same statement, one round trip on every attempt; lockOpen locks the delivery and reads its account in the same transaction.",
  },
  {
    store: 'posts/deliveries.store.ts',
    table: 'network_apps',
    why: "A delivery's claim (begin) reads the customer's own app for the account's network back with the claim, in the same statement.",
  },
];
