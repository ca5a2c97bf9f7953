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
  connected_accounts: 'accounts',
  connect_attempts: 'connect',
  pending_sessions: 'connect',
  emulator_worlds: 'emulator',
  posts: 'posts',
  deliveries: 'posts',
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
