import { COMMENT_SCAN_DUE_SQL, KNOWN_THREADS_SQL } from '../../src/comments/comments.sql';
import { RESCAN_AFTER_MS, WATCHED_FOR_MS } from '../../src/comments/comment-scan';
import { PURGE_QUIET_SQL } from '../../src/dashboard/dashboard.sql';
import { QUIET_PERIOD_HOURS } from '../../src/dashboard/session/sign-in-delay';
import { DUE_DELIVERIES_SQL } from '../../src/metrics/metric-snapshots.sql';
import { METRICS_SCAN_BATCH, METRICS_SCAN_PER_CUSTOMER } from '../../src/metrics/metrics-scan';
import { NetworkRegistry } from '../../src/networks/network-registry';
import { TOKEN_REFRESH_DUE_SQL } from '../../src/accounts/accounts.sql';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * The periodic scans have indexes after the migrations, and the very statements the service runs
 * can use them. Sequential scans are discouraged for the EXPLAIN, as a table with many rows would:
 * on these near-empty tables the planner rightly prefers them, so that is the only way to ask it
 * whether the index fits the statement (its filter, its partial predicate, a bound it can compare).
 */
describe('Indexes of the periodic scans', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  async function indexesUsedBy(sql: string, params: unknown[]): Promise<string[]> {
    await t.db.query('SET enable_seqscan = off');
    try {
      const [row] = await t.db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${sql}`, params);
      return [...JSON.stringify(row!['QUERY PLAN']).matchAll(/"Index Name":"([^"]+)"/g)].map((match) => match[1]!);
    } finally {
      await t.db.query('RESET enable_seqscan');
    }
  }

  it("has a partial index on active accounts' token expiry, which the token scan's query uses", async () => {
    const [index] = await t.db.query<{ indexdef: string }>(
      "SELECT indexdef FROM pg_indexes WHERE indexname = 'connected_accounts_token_expiry_idx'",
    );
    expect(index?.indexdef).toMatch(
      /ON public\.connected_accounts USING btree \(platform, token_expires_at\) WHERE \(\(status = 'active'::text\) AND \(token_expires_at IS NOT NULL\)\)/,
    );
    const adapters = t.app.get(NetworkRegistry).adapters;
    const used = await indexesUsedBy(TOKEN_REFRESH_DUE_SQL, [
      adapters.map((adapter) => adapter.id),
      adapters.map((adapter) => adapter.refreshAheadMs),
      new Date(),
    ]);
    expect(used).toContain('connected_accounts_token_expiry_idx');
  });

  it("has a partial index on published deliveries' publishing time, which the metrics scan's query uses", async () => {
    const [index] = await t.db.query<{ indexdef: string }>(
      "SELECT indexdef FROM pg_indexes WHERE indexname = 'deliveries_recently_published_idx'",
    );
    expect(index?.indexdef).toMatch(
      /ON public\.deliveries USING btree \(published_at\) WHERE \(status = 'published'::text\)$/,
    );
    expect(
      await indexesUsedBy(DUE_DELIVERIES_SQL, [new Date(), METRICS_SCAN_BATCH, METRICS_SCAN_PER_CUSTOMER]),
    ).toContain('deliveries_recently_published_idx');
  });

  it("has an index on the sign-in failures' last_failed_at, which the purge of quiet counts uses", async () => {
    const [index] = await t.db.query<{ indexdef: string }>(
      "SELECT indexdef FROM pg_indexes WHERE indexname = 'dashboard_sign_in_failures_last_failed_idx'",
    );
    expect(index?.indexdef).toMatch(/ON public\.dashboard_sign_in_failures USING btree \(last_failed_at\)$/);
    expect(await indexesUsedBy(PURGE_QUIET_SQL, [QUIET_PERIOD_HOURS])).toContain(
      'dashboard_sign_in_failures_last_failed_idx',
    );
  });

  it('the comment scan uses the same partial index on published deliveries, and there is only one such index', async () => {
    const indexes = await t.db.query<{ indexname: string }>(
      "SELECT indexname FROM pg_indexes WHERE tablename = 'deliveries' AND indexdef LIKE '%(published_at)%'",
    );
    expect(indexes.map((row) => row.indexname)).toEqual(['deliveries_recently_published_idx']);
    expect(await indexesUsedBy(COMMENT_SCAN_DUE_SQL, [WATCHED_FOR_MS, RESCAN_AFTER_MS, 20, 200])).toContain(
      'deliveries_recently_published_idx',
    );
  });

  it("checking a comment answer's replyToId finds its known threads by index, in each of the three tables", async () => {
    const used = await indexesUsedBy(KNOWN_THREADS_SQL, ['cus_Any', '1234_5678']);
    expect(used).toEqual(
      expect.arrayContaining([
        'deliveries_network_id_idx',
        'comment_requests_network_id_idx',
        'events_received_comment_idx',
      ]),
    );
  });
});
