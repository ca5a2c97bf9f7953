import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { NetworkRegistry } from '../networks/network-registry';
import { JobQueue } from '../queue/job-queue';
import { LockedScanResult, runLockedScan } from '../queue/locked-scan';
import { PeriodicScheduler } from '../scheduling/periodic-scheduler';
import { TOKEN_SCAN } from '../scheduling/periodic-tasks';
import { REFRESH_ACCOUNT_TOKEN_TASK, refreshJobKey } from './refresh-job';

/** A refresh that keeps failing is retried a few times; the next scan queues it again anyway. */
const REFRESH_MAX_ATTEMPTS = 5;

/**
 * The accounts due, by the same rule as refreshDue per network: expires_at - now <= refreshAheadMs.
 * $1 the networks, $2 their refreshAheadMs, $3 now. Its filter is the partial index
 * connected_accounts_token_expiry_idx's (exported so a test can check the plan uses it).
 */
export const DUE_ACCOUNTS_SQL = `SELECT a.id FROM connected_accounts a
   JOIN unnest($1::text[], $2::bigint[]) AS w(platform, ahead_ms) ON w.platform = a.platform
  WHERE a.status = 'active' AND a.token_expires_at IS NOT NULL
    AND a.token_expires_at <= $3::timestamptz + w.ahead_ms * interval '1 millisecond'
  ORDER BY a.token_expires_at`;

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
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly networks: NetworkRegistry,
    private readonly jobs: JobQueue,
    private readonly scheduler: PeriodicScheduler,
  ) {}

  onModuleInit(): void {
    this.scheduler.handle(TOKEN_SCAN, () => this.scanOnce());
  }

  /** One scan. Which tokens are due is judged at `now`; the refresh job judges again at its own time. */
  scanOnce(now = new Date()): Promise<TokenScanResult> {
    return runLockedScan(this.dataSource, TOKEN_SCAN.lock, async (transaction) => {
      const adapters = this.networks.adapters;
      const due = (await transaction.query(DUE_ACCOUNTS_SQL, [
        adapters.map((adapter) => adapter.id),
        adapters.map((adapter) => adapter.refreshAheadMs),
        now,
      ])) as Array<{
        id: string;
      }>;
      await this.jobs.enqueueEach(
        transaction,
        due.map(({ id }) => ({
          task: REFRESH_ACCOUNT_TOKEN_TASK,
          payload: { accountId: id },
          jobKey: refreshJobKey(id),
          maxAttempts: REFRESH_MAX_ATTEMPTS,
        })),
      );
      if (due.length) this.logger.log({ msg: 'Queued token refreshes', accounts: due.length });
      return { enqueued: due.map(({ id }) => id) };
    });
  }
}
