import { NetworkQuotaStore } from '../../src/networks/quota';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * The quota a network counts per app and window, on the real database: a charge that would pass the
 * limit is refused and charges nothing, and charges made at once never take more than the limit
 * between them (one statement checks and charges).
 */
describe('NetworkQuotaStore (network_quota_usage)', () => {
  let t: TestApp;
  let store: NetworkQuotaStore;
  const bucket = (window: string, name = 'units') => ({ network: 'net', appKey: 'app-1', window, bucket: name });
  const used = async (window: string, name = 'units') =>
    (
      await t.db.query<{ used: number }>(
        'SELECT used FROM network_quota_usage WHERE network = $1 AND app_key = $2 AND quota_window = $3 AND bucket = $4',
        ['net', 'app-1', window, name],
      )
    )[0]?.used;

  beforeAll(async () => {
    t = await startTestApp();
    store = t.app.get(NetworkQuotaStore);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('charges until the limit, refuses past it without charging, and counts each window and bucket apart', async () => {
    expect(await store.charge(bucket('d1'), 60, 100)).toBe(true);
    expect(await store.charge(bucket('d1'), 40, 100)).toBe(true);
    expect(await store.charge(bucket('d1'), 1, 100)).toBe(false);
    expect(await used('d1')).toBe(100);
    // A first charge past the limit makes no row.
    expect(await store.charge(bucket('d2'), 101, 100)).toBe(false);
    expect(await used('d2')).toBeUndefined();
    expect(await store.charge(bucket('d2', 'uploads'), 1, 1)).toBe(true);
    expect(await store.charge(bucket('d1', 'uploads'), 1, 1)).toBe(true);
  });

  it('never lets charges made at once pass the limit between them', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => store.charge(bucket('d3'), 1, 5)));
    expect(results.filter(Boolean)).toHaveLength(5);
    expect(await used('d3')).toBe(5);
  });
});
