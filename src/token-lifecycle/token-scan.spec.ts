import type { AccountsStore } from '../accounts';
import { TestClock } from '../common/clock/test-clock';
import type { Database } from '../database';
import type { NetworkRegistry } from '../networks';
import type { JobQueue, NewJob } from '../queue/job-queue';
import type { PeriodicScheduler } from '../scheduling';
import { REFRESH_ACCOUNT_TOKEN_TASK, refreshJobKey } from './refresh-job';
import { TokenScan } from './token-scan';

/**
 * Which tokens the scan finds due, with the time set by a TestClock: a token is due once the clock
 * is within its network's refresh window of its expiry. The accounts table is a stand-in that
 * answers as its statement does (active, with an expiry, at most `now + window` away); the networks
 * are stand-ins with X's and Facebook's windows.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;

interface Row {
  id: string;
  platform: string;
  status: string;
  tokenExpiresAt: Date | null;
}

function world(rows: Row[]) {
  const clock = new TestClock('2026-11-21T12:00:00Z');
  const asked: Date[] = [];
  const accounts = {
    dueForTokenRefresh: jest.fn(
      (windows: readonly { platform: string; aheadMs: number }[], now: Date): Promise<string[]> => {
        asked.push(now);
        const ahead = new Map(windows.map((window) => [window.platform, window.aheadMs]));
        return Promise.resolve(
          rows
            .filter(
              (row) =>
                row.status === 'active' &&
                row.tokenExpiresAt !== null &&
                ahead.has(row.platform) &&
                row.tokenExpiresAt.getTime() <= now.getTime() + ahead.get(row.platform)!,
            )
            .map((row) => row.id),
        );
      },
    ),
  };
  const queued: NewJob[] = [];
  const jobs = { enqueueEach: jest.fn((_transaction: unknown, each: NewJob[]) => void queued.push(...each)) };
  const database = {
    lockedScan: async (_lock: number, work: (transaction: unknown) => Promise<object>) => ({
      ran: true,
      ...(await work({})),
    }),
  };
  const networks = {
    adapters: [
      { id: 'x', refreshAheadMs: 15 * MINUTE },
      { id: 'facebook', refreshAheadMs: 7 * DAY },
    ],
  };
  const scan = new TokenScan(
    database as unknown as Database,
    accounts as unknown as AccountsStore,
    networks as unknown as NetworkRegistry,
    jobs as unknown as JobQueue,
    {} as PeriodicScheduler,
    clock,
  );
  /** The accounts the scan queues a refresh for now, by the clock. */
  const due = async (): Promise<string[]> => {
    queued.length = 0;
    const result = await scan.scanOnce();
    expect(result.ran).toBe(true);
    return queued.map((job) => {
      expect(job.task).toBe(REFRESH_ACCOUNT_TOKEN_TASK);
      expect(job.jobKey).toBe(refreshJobKey((job.payload as { accountId: string }).accountId));
      return (job.payload as { accountId: string }).accountId;
    });
  };
  return { clock, asked, due };
}

describe('TokenScan: the due window follows the clock', () => {
  it("asks for the tokens due at the clock's time", async () => {
    const { clock, asked, due } = world([]);
    await due();
    clock.advance(5 * MINUTE);
    await due();
    expect(asked).toEqual([new Date('2026-11-21T12:00:00Z'), new Date('2026-11-21T12:05:00Z')]);
  });

  it('queues an X token from 15 minutes before its expiry, and a Facebook token from 7 days before', async () => {
    const { clock, due } = world([
      { id: 'acc_x', platform: 'x', status: 'active', tokenExpiresAt: new Date('2026-11-21T13:00:00Z') },
      { id: 'acc_fb', platform: 'facebook', status: 'active', tokenExpiresAt: new Date('2026-11-28T13:00:00Z') },
    ]);
    expect(await due()).toEqual([]);
    clock.set('2026-11-21T12:44:59.999Z');
    expect(await due()).toEqual([]);
    clock.set('2026-11-21T12:45:00Z');
    expect(await due()).toEqual(['acc_x']);
    clock.set('2026-11-21T12:59:59.999Z');
    expect(await due()).toEqual(['acc_x']);
    clock.set('2026-11-21T13:00:00Z');
    expect(await due()).toEqual(['acc_x', 'acc_fb']);
  });

  it('queues nothing for an account no longer active, or a token that never expires', async () => {
    const { clock, due } = world([
      { id: 'acc_gone', platform: 'x', status: 'disconnected', tokenExpiresAt: new Date('2026-11-21T12:10:00Z') },
      { id: 'acc_forever', platform: 'facebook', status: 'active', tokenExpiresAt: null },
    ]);
    clock.advance(30 * DAY);
    expect(await due()).toEqual([]);
  });
});
