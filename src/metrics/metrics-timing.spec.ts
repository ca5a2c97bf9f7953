import type { ConnectedAccount } from '../accounts/connected-account.entity';
import { AccountCallRunner } from '../accounts/account-call-runner';
import type { AccountExpiry } from '../accounts/account-expiry';
import type { AccountsStore } from '../accounts/accounts.store';
import type { TokenRefresher } from '../accounts/token-refresher';
import type { AccountLanes } from '../queue/account-lanes';
import { TestClock } from '../common/clock/test-clock';
import type { Database } from '../database/database';
import type { AppCredentialsResolver } from '../networks/apps/app-credentials.resolver';
import type { MetricReading } from '../networks/metrics/metric-reading';
import { NetworkError } from '../networks/network-error';
import type { NetworkRegistry } from '../networks/network-registry';
import type { JobQueue, NewJob } from '../queue/job-queue';
import type { PeriodicScheduler } from '../scheduling/periodic-scheduler';
import type { MetricSnapshotsStore, MetricSubject } from './metric-snapshots.store';
import { REFRESH_METRICS_TASK } from './metrics-job';
import { MetricsRefresher, PublishedDelivery } from './metrics-refresher';
import { MetricsScan } from './metrics-scan';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

interface SnapshotRow {
  notBefore: Date;
  nextRefreshAt: Date | null;
  fetchedAt: Date | null;
  metrics: MetricReading | null;
  lastError: string | null;
}

/**
 * metric_snapshots, in memory. Its statements keep MetricSnapshotsStore's rules: a claim succeeds
 * when nobody claimed the subject or its `notBefore` has come; a failure's retry time only moves
 * `notBefore` later; a subject is due in the background once its `notBefore` and `nextRefreshAt`
 * (a post never read: at once) have come. (The real due queries also bound what a scan takes and
 * read the published posts; their e2e tests cover that.)
 */
class MemorySnapshots {
  readonly rows = new Map<string, SnapshotRow>();

  row(subject: MetricSubject, id: string): SnapshotRow | undefined {
    return this.rows.get(`${subject}:${id}`);
  }

  async claim(subject: MetricSubject, id: string, _customerId: string, now: Date, nextAllowed: Date): Promise<boolean> {
    const row = this.row(subject, id);
    if (!row) {
      this.rows.set(`${subject}:${id}`, {
        notBefore: nextAllowed,
        nextRefreshAt: null,
        fetchedAt: null,
        metrics: null,
        lastError: null,
      });
      return true;
    }
    if (row.notBefore > now) return false;
    row.notBefore = nextAllowed;
    return true;
  }

  async saveReading(
    subject: MetricSubject,
    id: string,
    metrics: MetricReading,
    fetchedAt: Date,
    nextRefreshAt: Date | null,
  ): Promise<void> {
    Object.assign(this.row(subject, id)!, { metrics, fetchedAt, nextRefreshAt, lastError: null });
  }

  async saveFailure(
    subject: MetricSubject,
    id: string,
    message: string,
    retryAt: Date | undefined,
    nextRefreshAt: Date | null,
  ): Promise<void> {
    const row = this.row(subject, id)!;
    Object.assign(row, { lastError: message, nextRefreshAt });
    if (retryAt && retryAt > row.notBefore) row.notBefore = retryAt;
  }

  private due(subject: MetricSubject, now: Date): string[] {
    return [...this.rows.entries()]
      .filter(([key]) => key.startsWith(`${subject}:`))
      .filter(
        ([, row]) =>
          row.notBefore <= now && (row.fetchedAt === null || (row.nextRefreshAt !== null && row.nextRefreshAt <= now)),
      )
      .map(([key]) => key.slice(subject.length + 1));
  }

  async dueDeliveries(now: Date): Promise<string[]> {
    return this.due('delivery', now);
  }

  async dueAccounts(now: Date): Promise<string[]> {
    return this.due('account', now).filter((id) => this.row('account', id)!.fetchedAt !== null);
  }
}

const reading: MetricReading = { likes: { value: 12 } };

/**
 * The metrics of one X account and its post, with the time set by a TestClock: the refresher and
 * the scan are the real ones; the snapshots are in memory, the network, the tokens and the queue
 * stand-ins.
 */
function world() {
  const clock = new TestClock('2026-11-21T12:00:00Z');
  const store = new MemorySnapshots();
  const adapter = {
    postMetrics: jest.fn<Promise<MetricReading>, []>().mockResolvedValue(reading),
    accountMetrics: jest.fn<Promise<MetricReading>, []>().mockResolvedValue({ followers: { value: 3 } }),
  };
  const refresher = new MetricsRefresher(
    store as unknown as MetricSnapshotsStore,
    // Reads hold no lane and never refresh: only the stored tokens and the app are asked for.
    new AccountCallRunner(
      {} as Database,
      {} as AccountsStore,
      {} as AccountLanes,
      { storedTokens: () => ({ accessToken: 'token' }) } as unknown as TokenRefresher,
      { appFor: async () => ({ clientId: 'app' }) } as unknown as AppCredentialsResolver,
      { get: () => adapter } as unknown as NetworkRegistry,
      {} as AccountExpiry,
    ),
    clock,
  );
  const queued: NewJob[] = [];
  const database = {
    lockedScan: async (_lock: number, work: (transaction: unknown) => Promise<object>) => ({
      ran: true,
      ...(await work({})),
    }),
  };
  const scan = new MetricsScan(
    database as unknown as Database,
    store as unknown as MetricSnapshotsStore,
    { enqueueEach: async (_transaction: unknown, jobs: NewJob[]) => void queued.push(...jobs) } as unknown as JobQueue,
    {} as PeriodicScheduler,
    clock,
  );
  const account = {
    id: 'acc_1',
    customerId: 'cus_1',
    platform: 'x',
    status: 'active',
    networkAccountId: '42',
    scopes: [],
    tokenExpiresAt: null,
  } as unknown as ConnectedAccount;
  const post = (publishedAt: Date | string): PublishedDelivery => ({
    id: 'dlv_1',
    customerId: 'cus_1',
    platformPostId: '1800',
    publishedAt: new Date(publishedAt),
  });
  /** The ids the scan queues now (by the clock), and the jobs it made of them. */
  const scanned = async (): Promise<string[]> => {
    queued.length = 0;
    await scan.scanOnce();
    return queued.map((job) => {
      expect(job.task).toBe(REFRESH_METRICS_TASK);
      return job.jobKey!;
    });
  };
  return { clock, store, adapter, refresher, account, post, scanned };
}

describe('Metrics read on request', () => {
  it('answers from the cache for 5 minutes after a read, whoever asks, then reads the network again', async () => {
    const { clock, adapter, refresher, account, post } = world();
    const published = post('2026-11-21T10:00:00Z');
    await refresher.refreshDelivery(published, account);
    clock.advance(5 * MINUTE - 1);
    await refresher.refreshDelivery(published, account);
    expect(adapter.postMetrics).toHaveBeenCalledTimes(1);
    clock.advance(1);
    await refresher.refreshDelivery(published, account);
    expect(adapter.postMetrics).toHaveBeenCalledTimes(2);
  });

  it("stores the reading as fetched at the clock's time once the network answered", async () => {
    const { clock, store, adapter, refresher, account, post } = world();
    adapter.postMetrics.mockImplementation(async () => {
      clock.advance(1500);
      return reading;
    });
    await refresher.refreshDelivery(post('2026-11-21T10:00:00Z'), account);
    expect(store.row('delivery', 'dlv_1')).toMatchObject({
      metrics: reading,
      fetchedAt: new Date('2026-11-21T12:00:01.500Z'),
      lastError: null,
    });
  });

  it("holds every read back until a network's rate limit ends, keeping the last reading and saying why", async () => {
    const { clock, store, adapter, refresher, account, post } = world();
    const published = post('2026-11-21T10:00:00Z');
    await refresher.refreshDelivery(published, account);
    clock.advance(10 * MINUTE);
    adapter.postMetrics.mockRejectedValueOnce(
      new NetworkError('x', 'rate_limited', 'Too Many Requests', { retryAt: new Date('2026-11-21T13:10:00Z') }),
    );
    await refresher.refreshDelivery(published, account);
    expect(store.row('delivery', 'dlv_1')).toMatchObject({ metrics: reading, lastError: 'Too Many Requests' });
    clock.set('2026-11-21T13:09:59Z');
    await refresher.refreshDelivery(published, account);
    expect(adapter.postMetrics).toHaveBeenCalledTimes(2);
    clock.set('2026-11-21T13:10:00Z');
    await refresher.refreshDelivery(published, account);
    expect(adapter.postMetrics).toHaveBeenCalledTimes(3);
    expect(store.row('delivery', 'dlv_1')!.lastError).toBeNull();
  });

  it('reads nothing for an account that is not active', async () => {
    const { adapter, refresher, account, post, store } = world();
    await refresher.refreshDelivery(post('2026-11-21T10:00:00Z'), {
      ...account,
      status: 'expired',
    } as ConnectedAccount);
    expect(adapter.postMetrics).not.toHaveBeenCalled();
    expect(store.rows.size).toBe(0);
  });
});

describe('Metrics read in the background', () => {
  it('reads a post again an hour after a read while it is under 7 days old', async () => {
    const { clock, store, refresher, account, post, scanned } = world();
    await refresher.refreshDelivery(post('2026-11-20T12:00:00Z'), account);
    expect(store.row('delivery', 'dlv_1')!.nextRefreshAt).toEqual(new Date('2026-11-21T13:00:00Z'));
    clock.advance(HOUR - 1);
    expect(await scanned()).toEqual([]);
    clock.advance(1);
    expect(await scanned()).toEqual(['metrics:delivery:dlv_1']);
  });

  it('reads a post daily from its 7th day, and no more once it is 30 days old', async () => {
    const { clock, store, refresher, account, post, scanned } = world();
    const published = post('2026-11-11T12:00:00Z');
    await refresher.refreshDelivery(published, account);
    expect(store.row('delivery', 'dlv_1')!.nextRefreshAt).toEqual(new Date('2026-11-22T12:00:00Z'));
    clock.advance(2 * HOUR);
    expect(await scanned()).toEqual([]);
    clock.set('2026-12-10T13:00:00Z');
    await refresher.refreshDelivery(published, account);
    // 29 days and an hour old: a day later it would be past 30 days.
    expect(store.row('delivery', 'dlv_1')!.nextRefreshAt).toBeNull();
    clock.advance(365 * DAY);
    expect(await scanned()).toEqual([]);
  });

  it('reads an account again a day after its last read', async () => {
    const { clock, store, adapter, refresher, account, scanned } = world();
    await refresher.refreshAccount(account);
    expect(adapter.accountMetrics).toHaveBeenCalledTimes(1);
    expect(store.row('account', 'acc_1')!.nextRefreshAt).toEqual(new Date('2026-11-22T12:00:00Z'));
    clock.advance(DAY - 1);
    expect(await scanned()).toEqual([]);
    clock.advance(1);
    expect(await scanned()).toEqual(['metrics:account:acc_1']);
  });

  it("waits for a network's rate limit even when the schedule says the read is due", async () => {
    const { clock, adapter, refresher, account, post, scanned } = world();
    const published = post('2026-11-21T10:00:00Z');
    adapter.postMetrics.mockRejectedValueOnce(
      new NetworkError('x', 'rate_limited', 'Too Many Requests', { retryAt: new Date('2026-11-21T15:00:00Z') }),
    );
    await refresher.refreshDelivery(published, account);
    clock.set('2026-11-21T14:59:59Z');
    expect(await scanned()).toEqual([]);
    clock.set('2026-11-21T15:00:00Z');
    expect(await scanned()).toEqual(['metrics:delivery:dlv_1']);
  });
});
