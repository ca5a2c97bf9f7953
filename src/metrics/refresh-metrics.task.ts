import { Injectable, OnModuleInit } from '@nestjs/common';
import { AccountsStore } from '../accounts';
import { DeliveriesStore } from '../posts';
import { TaskRegistry } from '../queue';
import { parseMetricsPayload, REFRESH_METRICS_TASK, RefreshMetricsPayload } from './metrics-job';
import { MetricsRefresher } from './metrics-refresher';

/**
 * Reads one post's or account's metrics in the worker. A call to the network is made at most once
 * (the refresher's claim is taken before it); a failure is recorded on the snapshot, not retried
 * here, and the schedule brings the read back. Rate limits push the next read past their end.
 */
@Injectable()
export class RefreshMetricsTask implements OnModuleInit {
  constructor(
    private readonly tasks: TaskRegistry,
    private readonly refresher: MetricsRefresher,
    private readonly accounts: AccountsStore,
    private readonly deliveries: DeliveriesStore,
  ) {}

  onModuleInit(): void {
    this.tasks.register(REFRESH_METRICS_TASK, (payload) => this.run(parseMetricsPayload(payload)));
  }

  async run(payload: RefreshMetricsPayload): Promise<void> {
    if ('accountId' in payload) {
      const account = await this.accounts.findForJob(payload.accountId);
      if (account) await this.refresher.refreshAccount(account);
      return;
    }
    const delivery = await this.deliveries.findById(payload.deliveryId);
    if (!delivery || delivery.status !== 'published' || !delivery.platformPostId) return;
    const account = await this.accounts.findById(delivery.customerId, delivery.accountId);
    if (!account) return;
    await this.refresher.refreshDelivery(
      {
        id: delivery.id,
        customerId: delivery.customerId,
        platformPostId: delivery.platformPostId,
        publishedAt: delivery.publishedAt ?? delivery.updatedAt,
      },
      account,
    );
  }
}
