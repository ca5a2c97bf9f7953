import { Injectable, Logger } from '@nestjs/common';
import { AccountCallRunner, ConnectedAccount } from '../accounts';
import type { AccountAccess } from '../accounts';
import { Clock } from '../common/clock/clock';
import { MetricReading } from '../networks';
import { MetricSnapshotsStore, MetricSubject } from './metric-snapshots.store';
import { nextAccountRefresh, nextBackgroundRefresh, REQUEST_REFRESH_MS } from './refresh-schedule';
import { inNetworkOperation } from '../observability';

/** A published delivery whose post's metrics are read. */
export interface PublishedDelivery {
  id: string;
  customerId: string;
  platformPostId: string;
  publishedAt: Date;
}

type Read = (access: AccountAccess) => Promise<MetricReading>;

/**
 * Reads metrics from the networks into metric_snapshots, at most once per REQUEST_REFRESH_MS per
 * post or account whoever asks (a request or the background refresh), and never sooner than a
 * network's rate limit allows. The account's stored tokens are used as they are: renewing them is
 * the token lifecycle's job, under the account's lane, so a rotating refresh token is never spent
 * twice. A failed read keeps the last reading and says why.
 */
@Injectable()
export class MetricsRefresher {
  private readonly logger = new Logger('Metrics');

  constructor(
    private readonly store: MetricSnapshotsStore,
    private readonly runner: AccountCallRunner,
    private readonly clock: Clock,
  ) {}

  /** Reads a post's metrics unless they were read within the window. */
  refreshDelivery(delivery: PublishedDelivery, account: ConnectedAccount): Promise<void> {
    const now = this.clock.now();
    return this.refresh(
      'delivery',
      delivery.id,
      account,
      now,
      nextBackgroundRefresh(delivery.publishedAt, now),
      ({ adapter, tokens, app }) =>
        adapter.postMetrics({
          networkAccountId: account.networkAccountId,
          tokens,
          app,
          platformPostId: delivery.platformPostId,
          permissions: account.scopes,
        }),
    );
  }

  /** Reads an account's metrics unless they were read within the window. */
  refreshAccount(account: ConnectedAccount): Promise<void> {
    const now = this.clock.now();
    return this.refresh('account', account.id, account, now, nextAccountRefresh(now), ({ adapter, tokens, app }) =>
      adapter.accountMetrics({ networkAccountId: account.networkAccountId, tokens, app, permissions: account.scopes }),
    );
  }

  private async refresh(
    subject: MetricSubject,
    subjectId: string,
    account: ConnectedAccount,
    now: Date,
    nextRefreshAt: Date | null,
    read: Read,
  ): Promise<void> {
    // A disconnected or expired account cannot be read: its last reading stays.
    if (account.status !== 'active') return;
    // No tokens (wiped at a disconnect): nothing to read with, and no claim is taken.
    if (!this.runner.holdsTokens(account)) return;
    const claimed = await this.store.claim(
      subject,
      subjectId,
      account.customerId,
      now,
      new Date(now.getTime() + REQUEST_REFRESH_MS),
    );
    if (!claimed) return;
    const result = await this.runner.call({ account, tokens: 'stored', call: inNetworkOperation('metrics', read) });
    if (result.kind === 'done')
      return this.store.saveReading(subject, subjectId, result.value, this.clock.now(), nextRefreshAt);
    // Rate limited: nothing reads again before the network allows (the background refresh waits too).
    const retryAt = result.kind === 'rate_limited' ? result.retryAt : undefined;
    this.logger.warn({ msg: 'Metrics could not be read', subject, subjectId, kind: result.kind });
    await this.store.saveFailure(subject, subjectId, result.error.message, retryAt, nextRefreshAt);
  }
}
