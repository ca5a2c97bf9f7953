import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { AccountsStore } from '../accounts';
import { Clock } from '../common/clock/clock';
import { Database, LockedScanResult } from '../database';
import { NetworkRegistry } from '../networks';
import { JobQueue } from '../queue';
import { PeriodicScheduler } from '../scheduling';
import { TOKEN_SCAN } from '../scheduling';
import { REFRESH_ACCOUNT_TOKEN_TASK, refreshJobKey } from './refresh-job';

/** A refresh that keeps failing is retried a few times; the next scan queues it again anyway. */
const REFRESH_MAX_ATTEMPTS = 5;

/** `ran: false`: another instance was scanning at that moment; its scan covers the same accounts. */
export type TokenScanResult = LockedScanResult<{ enqueued: string[] }>;

/**
 * Finds the active accounts whose token is due for refresh (it expires within its network's
 * `refreshAheadMs`: X 15 minutes, Instagram and Facebook 7 days) and queues one refresh job each
 * (the job holds the account's lane, so it never runs beside a publish that may be refreshing too).
 *
 * Many instances may scan at once: a transaction-scoped advisory lock lets one of them through and
 * the others skip. The job key keeps a second scan (after the first committed) from queueing a
 * second refresh, and the refresh job judges again whether the token is still due when it runs.
 */
@Injectable()
export class TokenScan implements OnModuleInit {
  private readonly logger = new Logger('TokenLifecycle');

  constructor(
    private readonly database: Database,
    private readonly accounts: AccountsStore,
    private readonly networks: NetworkRegistry,
    private readonly jobs: JobQueue,
    private readonly scheduler: PeriodicScheduler,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.scheduler.handle(TOKEN_SCAN, () => this.scanOnce());
  }

  /**
   * One scan. Which tokens are due is judged at `now` (the clock's time unless a caller gives one);
   * the refresh job judges again at its own time.
   */
  scanOnce(now: Date = this.clock.now()): Promise<TokenScanResult> {
    return this.database.lockedScan(TOKEN_SCAN.lock, async (transaction) => {
      const windows = this.networks.adapters.map((adapter) => ({
        platform: adapter.id,
        aheadMs: adapter.refreshAheadMs,
      }));
      const due = await this.accounts.dueForTokenRefresh(windows, now, transaction);
      await this.jobs.enqueueEach(
        transaction,
        due.map((id) => ({
          task: REFRESH_ACCOUNT_TOKEN_TASK,
          payload: { accountId: id },
          jobKey: refreshJobKey(id),
          maxAttempts: REFRESH_MAX_ATTEMPTS,
        })),
      );
      if (due.length) this.logger.log({ msg: 'Queued token refreshes', accounts: due.length });
      return { enqueued: due };
    });
  }
}
