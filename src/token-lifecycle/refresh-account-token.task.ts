import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { AccountCallRunner } from '../accounts';
import type { AccountCallResult } from '../accounts';
import { AccountExpiringNotice } from '../accounts';
import { AccountsStore } from '../accounts';
import { ConnectedAccount } from '../accounts';
import type { RefreshOutcome } from '../accounts';
import { Clock } from '../common/clock/clock';
import { Database } from '../database';
import { NetworkRegistry } from '../networks';
import { JobQueue } from '../queue';
import { TaskRegistry } from '../queue';
import {
  parseRefreshPayload,
  REFRESH_ACCOUNT_TOKEN_TASK,
  RefreshAccountTokenPayload,
  refreshJobKey,
} from './refresh-job';

/** While the account publishes, its refresh waits this long and tries again. */
const LANE_BUSY_RETRY_MS = 5_000;

/**
 * Refreshes one account's token with its network's grant (X: rotating refresh token; Instagram:
 * ig_refresh_token), persisted atomically by TokenRefresher. A token the network refuses makes
 * the account expired, and the customer receives account.token_expired once. A token that cannot
 * be refreshed (Facebook has no grant) keeps working until it expires: it is announced once with
 * account.token_expiring within 3 days of its end, and the account expires when it has. Trouble
 * reaching the network is retried; while it lasts, a token expiring within 3 days is announced
 * once with account.token_expiring too.
 */
@Injectable()
export class RefreshAccountTokenTask implements OnModuleInit {
  private readonly logger = new Logger('TokenLifecycle');

  constructor(
    private readonly database: Database,
    private readonly accounts: AccountsStore,
    private readonly tasks: TaskRegistry,
    private readonly runner: AccountCallRunner,
    private readonly expiringNotice: AccountExpiringNotice,
    private readonly networks: NetworkRegistry,
    private readonly jobs: JobQueue,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.tasks.register(REFRESH_ACCOUNT_TOKEN_TASK, (payload) => this.run(parseRefreshPayload(payload)));
  }

  async run({ accountId }: RefreshAccountTokenPayload): Promise<void> {
    const found = await this.accounts.findForJob(accountId);
    // Disconnected, or already expired (by a publish that found out first) since the scan.
    if (!found || found.status !== 'active') return;
    // Read again under the lane: a publish that held it may have refreshed the token meanwhile.
    const lane = await this.runner.holdingAccount(found.id, found.customerId, (account) =>
      this.refreshHoldingLane(account),
    );
    if (lane.held) return;
    // A publish holds the account (and refreshes a due token itself): look again shortly.
    await this.database.transaction((transaction) =>
      this.jobs.enqueue(transaction, {
        task: REFRESH_ACCOUNT_TOKEN_TASK,
        payload: { accountId },
        jobKey: refreshJobKey(accountId),
        runAt: new Date(this.clock.now().getTime() + LANE_BUSY_RETRY_MS),
      }),
    );
  }

  private async refreshHoldingLane(account: ConnectedAccount | null): Promise<void> {
    if (!account || account.status !== 'active') return;
    let result: AccountCallResult<RefreshOutcome>;
    try {
      // A refusal (auth_expired, or a permanent refusal of the grant) expires the account in the runner.
      result = await this.runner.renew(account, this.clock.now());
    } catch (error) {
      await this.couldNotRefresh(account);
      throw error;
    }
    if (result.kind === 'auth_expired' || result.kind === 'permanent') {
      if (result.expired) this.expiredLog(account, result.error.message);
      return;
    }
    if (result.kind !== 'done') {
      // Transient or rate limited (our own trouble above): graphile-worker retries, and the next
      // scan queues it again. Meanwhile the customer hears (once per expiry) if the token is close to lapsing.
      await this.couldNotRefresh(account);
      throw result.error;
    }
    const outcome = result.value;
    if (outcome.kind === 'unrefreshable') {
      const network = this.networks.find(account.platform)?.displayName ?? account.platform;
      const expiresAt = account.tokenExpiresAt?.toISOString();
      // It still works until it expires: publishing goes on, and the customer hears once, within
      // 3 days of the end, that the user must reconnect. A scan after the end expires the account.
      if (account.tokenExpiresAt && account.tokenExpiresAt > this.clock.now()) {
        await this.expiringNotice.announce(
          account,
          `The ${network} token expires at ${expiresAt} and cannot be refreshed; reconnect the account before then`,
        );
        return;
      }
      await this.expire(
        account,
        `The ${network} token expired at ${expiresAt} and cannot be refreshed; reconnect the account`,
      );
    }
  }

  private async couldNotRefresh(account: ConnectedAccount): Promise<void> {
    await this.expiringNotice.announce(
      account,
      'The token could not be refreshed: the network did not answer or limited us; reconnect the account if this persists',
    );
  }

  private async expire(account: ConnectedAccount, reason: string): Promise<void> {
    if (await this.runner.expire(account, reason)) this.expiredLog(account, reason);
  }

  private expiredLog(account: ConnectedAccount, reason: string): void {
    this.logger.warn({
      msg: 'Account token expired: it needs reconnecting',
      accountId: account.id,
      platform: account.platform,
      reason,
    });
  }
}
