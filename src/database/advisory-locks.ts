import { createHash } from 'node:crypto';

/**
 * Every PostgreSQL advisory lock the service takes, in one place. Advisory locks share one key
 * space per database: two uses that happened to pick the same key would silently exclude each
 * other (a scan skipped for as long as a migration runs, say). So a new lock takes its key here,
 * and advisory-locks.spec.ts checks the keys are distinct. Neither graphile-worker nor TypeORM
 * takes advisory locks of its own.
 *
 * The keys taken from TypeScript are arbitrary bigints above the int4 range (7_310_442_xxx), so
 * they can never equal the keys the SQL functions below take, which are `hashtext(...)` values
 * (int4).
 */
export const ADVISORY_LOCK_IDS = {
  /**
   * Schema migrations (src/database/migrate.ts, a session lock held for the whole run): instances
   * that boot together migrate one after the other instead of racing.
   */
  migrations: 7_310_442_001,
  /**
   * The token scan (src/token-lifecycle/token-scan.ts, transaction-scoped, tried not waited for):
   * one instance at a time queues the token refreshes that are due; the others skip that round.
   */
  tokenScan: 7_310_442_002,
  /** The metrics scan (src/metrics/metrics-scan.ts, as the token scan): one instance at a time queues the due metric reads. */
  metricsScan: 7_310_442_003,
  /** The comment scan (src/comments/comment-scan.ts, as the token scan): one instance at a time queues the due comment reads. */
  commentScan: 7_310_442_017,
  /**
   * Edits of a post (src/posts/posts.store.ts serializeEdits, transaction-scoped, waited for): the
   * first of a range of 2^32 keys, one per post id's hash (postEditLockKey), far above the keys
   * above. Two posts sharing a key only wait for each other's edit.
   */
  postEdits: 2 ** 40,
} as const;

/** The key of the lock that orders the edits of post `postId` (in the postEdits range). */
export function postEditLockKey(postId: string): number {
  return ADVISORY_LOCK_IDS.postEdits + createHash('sha256').update(postId).digest().readUInt32BE(0);
}

export type AdvisoryLockName = keyof typeof ADVISORY_LOCK_IDS;

/**
 * Advisory locks taken inside the SQL functions the migrations define. A migration's SQL cannot
 * import this module, so these are listed here with the key exactly as the function writes it
 * (see db/schema.sql); advisory-locks.spec.ts checks the schema dump takes these locks and no other.
 */
export const SQL_FUNCTION_ADVISORY_LOCKS = {
  /**
   * `claim_deliveries(worker, wanted, customer_cap)`: serializes publish claims across workers and
   * instances (transaction-scoped, waited for; a claim takes a millisecond or two), so concurrent
   * workers never take the same work nor count a customer's lanes under the cap at the same time.
   */
  claim_deliveries: "hashtext('claim_deliveries')",
  /** `claim_events(worker, wanted, customer_cap)`: the same for webhook event claims. */
  claim_events: "hashtext('claim_events')",
} as const;
