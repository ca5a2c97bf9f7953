import { AccountCallRunner } from '../accounts/account-call-runner';
import type { AccountExpiringNotice } from '../accounts/account-expiring-notice';
import type { AccountExpiry } from '../accounts/account-expiry';
import type { AccountsStore } from '../accounts/accounts.store';
import type { ConnectedAccount } from '../accounts/connected-account.entity';
import type { RefreshOutcome, TokenRefresher } from '../accounts/token-refresher';
import { TestClock } from '../common/clock/test-clock';
import type { Database } from '../database/database';
import { NetworkError } from '../networks/network-error';
import type { AppCredentialsResolver } from '../networks/apps/app-credentials.resolver';
import type { NetworkRegistry } from '../networks/network-registry';
import type { AccountLanes } from '../queue/account-lanes';
import type { JobQueue } from '../queue/job-queue';
import type { TaskRegistry } from '../queue/task-registry';
import { RefreshAccountTokenTask } from './refresh-account-token.task';
import { REFRESH_ACCOUNT_TOKEN_TASK, refreshJobKey } from './refresh-job';

/**
 * The token lifecycle of one account, with the time set by a TestClock: refreshed, announced as
 * expiring, or expired. The account's row, its lane, the network's refresh and the job queue are
 * stand-ins; what the task decides from their answers is the task's own.
 */

const tokens = { accessToken: 'token' };

function world(account: Partial<ConnectedAccount>, laneHeld = true) {
  const clock = new TestClock('2026-11-21T12:00:00Z');
  const row = {
    id: 'acc_1',
    customerId: 'cus_1',
    platform: 'facebook',
    status: 'active',
    tokenExpiresAt: null,
    ...account,
  } as ConnectedAccount;
  const refresher = { refreshIfDue: jest.fn<Promise<RefreshOutcome>, [ConnectedAccount, Date?]>() };
  const expiry = { expire: jest.fn().mockResolvedValue(true) };
  const notice = { announce: jest.fn().mockResolvedValue(true) };
  const jobs = { enqueue: jest.fn().mockResolvedValue(undefined) };
  const accounts = { findForJob: jest.fn().mockResolvedValue(row) };
  const transaction = { open: true };
  const database = { transaction: jest.fn((work: (tx: unknown) => unknown) => work(transaction)) };
  const lanes = {
    withLane: jest.fn(async (_account: string, _customer: string, work: () => Promise<void>) => {
      if (!laneHeld) return { held: false };
      await work();
      return { held: true };
    }),
  };
  const networks = { find: () => ({ displayName: 'Facebook' }) } as unknown as NetworkRegistry;
  const task = new RefreshAccountTokenTask(
    database as unknown as Database,
    accounts as unknown as AccountsStore,
    { register: jest.fn() } as unknown as TaskRegistry,
    new AccountCallRunner(
      database as unknown as Database,
      accounts as unknown as AccountsStore,
      lanes as unknown as AccountLanes,
      refresher as unknown as TokenRefresher,
      {} as AppCredentialsResolver,
      networks,
      expiry as unknown as AccountExpiry,
    ),
    notice as unknown as AccountExpiringNotice,
    networks,
    jobs as unknown as JobQueue,
    clock,
  );
  return { task, clock, row, refresher, expiry, notice, jobs, transaction };
}

describe('RefreshAccountTokenTask', () => {
  it("asks the refresher with the clock's time, and does nothing more once refreshed", async () => {
    const { task, clock, refresher, expiry, notice } = world({ platform: 'x' });
    clock.set('2026-12-01T08:00:00Z');
    refresher.refreshIfDue.mockResolvedValue({ kind: 'refreshed', tokens });
    await task.run({ accountId: 'acc_1' });
    expect(refresher.refreshIfDue.mock.calls[0][1]).toEqual(new Date('2026-12-01T08:00:00Z'));
    expect(expiry.expire).not.toHaveBeenCalled();
    expect(notice.announce).not.toHaveBeenCalled();
  });

  it('announces a token that cannot be refreshed while it still works', async () => {
    const { task, refresher, expiry, notice } = world({ tokenExpiresAt: new Date('2026-11-23T12:00:00Z') });
    refresher.refreshIfDue.mockResolvedValue({ kind: 'unrefreshable', tokens });
    await task.run({ accountId: 'acc_1' });
    expect(notice.announce).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'acc_1' }),
      'The Facebook token expires at 2026-11-23T12:00:00.000Z and cannot be refreshed; reconnect the account before then',
    );
    expect(expiry.expire).not.toHaveBeenCalled();
  });

  it('expires it once the clock is past its end', async () => {
    const { task, clock, refresher, expiry, notice } = world({ tokenExpiresAt: new Date('2026-11-23T12:00:00Z') });
    clock.set('2026-11-23T12:00:00Z');
    refresher.refreshIfDue.mockResolvedValue({ kind: 'unrefreshable', tokens });
    await task.run({ accountId: 'acc_1' });
    expect(notice.announce).not.toHaveBeenCalled();
    expect(expiry.expire).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ id: 'acc_1' }),
      'The Facebook token expired at 2026-11-23T12:00:00.000Z and cannot be refreshed; reconnect the account',
    );
  });

  it.each(['auth_expired', 'permanent'] as const)('expires the account when the network refuses (%s)', async (kind) => {
    const { task, refresher, expiry } = world({ platform: 'x' });
    refresher.refreshIfDue.mockRejectedValue(new NetworkError('x', kind, 'invalid_grant'));
    await task.run({ accountId: 'acc_1' });
    expect(expiry.expire).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ id: 'acc_1' }),
      'invalid_grant',
    );
  });

  it('announces a close expiry and lets the queue retry when the network does not answer', async () => {
    const { task, refresher, expiry, notice } = world({ platform: 'x' });
    refresher.refreshIfDue.mockRejectedValue(new NetworkError('x', 'transient', 'Service Unavailable'));
    await expect(task.run({ accountId: 'acc_1' })).rejects.toThrow('Service Unavailable');
    expect(notice.announce).toHaveBeenCalledTimes(1);
    expect(expiry.expire).not.toHaveBeenCalled();
  });

  it('looks again 5 seconds later (by the clock) while a publish holds the account', async () => {
    const { task, refresher, jobs, transaction } = world({}, false);
    await task.run({ accountId: 'acc_1' });
    expect(refresher.refreshIfDue).not.toHaveBeenCalled();
    expect(jobs.enqueue).toHaveBeenCalledWith(transaction, {
      task: REFRESH_ACCOUNT_TOKEN_TASK,
      payload: { accountId: 'acc_1' },
      jobKey: refreshJobKey('acc_1'),
      runAt: new Date('2026-11-21T12:00:05Z'),
    });
  });

  it('leaves an account that is no longer active alone', async () => {
    const { task, refresher, jobs } = world({ status: 'expired' });
    await task.run({ accountId: 'acc_1' });
    expect(refresher.refreshIfDue).not.toHaveBeenCalled();
    expect(jobs.enqueue).not.toHaveBeenCalled();
  });
});
