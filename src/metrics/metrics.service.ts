import { Injectable } from '@nestjs/common';
import { AccountsStore } from '../accounts';
import { ApiException } from '../common/errors/api-exception';
import { DeliveriesStore } from '../posts';
import { PostsStore } from '../posts';
import { AccountMetricsView, DeliveryMetricsView, PostMetricsView } from './dto/metrics.views';
import { MetricView } from './dto/metric.view';
import { MetricSnapshot, MetricSnapshotsStore } from './metric-snapshots.store';
import { MetricsRefresher } from './metrics-refresher';

function snapshotFields(snapshot: MetricSnapshot | undefined) {
  return {
    fetchedAt: snapshot?.fetchedAt?.toISOString() ?? null,
    metrics: MetricView.listOf(snapshot?.metrics ?? null),
    refreshError: snapshot?.lastError ?? null,
  };
}

/**
 * The metrics of a customer's posts and accounts. Each answer reads the networks first when the
 * cached metrics are older than the request window (REQUEST_REFRESH_MS), so a caller polling often
 * costs the networks one read per window; every query is scoped by the customer.
 */
@Injectable()
export class MetricsService {
  constructor(
    private readonly store: MetricSnapshotsStore,
    private readonly refresher: MetricsRefresher,
    private readonly accounts: AccountsStore,
    private readonly posts: PostsStore,
    private readonly deliveries: DeliveriesStore,
  ) {}

  /**
   * `refresh: false` answers from the cache alone, never calling a network (the dashboard's
   * pages, which only read); the background refresh keeps it current.
   */
  async forPost(customerId: string, postId: string, options = { refresh: true }): Promise<PostMetricsView> {
    const post = await this.posts.find(customerId, postId);
    if (!post) throw ApiException.notFound('Post');
    const deliveries = await this.deliveries.publishedOfPost(customerId, postId);
    const accounts = await this.accounts.findManyForCustomer(
      customerId,
      deliveries.map((delivery) => delivery.accountId),
    );
    const views: DeliveryMetricsView[] = [];
    for (const delivery of deliveries) {
      const account = accounts.find((candidate) => candidate.id === delivery.accountId);
      if (account && options.refresh) {
        await this.refresher.refreshDelivery(
          {
            id: delivery.id,
            customerId,
            platformPostId: delivery.platformPostId!,
            publishedAt: delivery.publishedAt ?? delivery.updatedAt,
          },
          account,
        );
      }
      views.push({
        deliveryId: delivery.id,
        accountId: delivery.accountId,
        platform: delivery.platform,
        platformPostId: delivery.platformPostId!,
        ...snapshotFields(await this.store.find('delivery', delivery.id, customerId)),
      });
    }
    return { postId, deliveries: views };
  }

  async forAccount(customerId: string, accountId: string): Promise<AccountMetricsView> {
    const account = await this.accounts.findById(customerId, accountId);
    if (!account) throw ApiException.notFound('Account');
    await this.refresher.refreshAccount(account);
    return {
      accountId,
      platform: account.platform,
      ...snapshotFields(await this.store.find('account', accountId, customerId)),
    };
  }
}
