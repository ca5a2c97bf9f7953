import { Injectable } from '@nestjs/common';
import { ApiException } from '../../common/errors/api-exception';
import { Database } from '../../database';
import type { Transaction } from '../../database';
import { deletesPosts } from '../../networks';
import { NetworkRegistry } from '../../networks';
import { JobQueue } from '../../queue';
import { EventOutbox } from '../../webhooks';
import { cancelNotStarted } from '../cancel-not-started';
import { DeliveriesStore } from '../deliveries.store';
import { Delivery } from '../delivery.entity';
import { PostsService } from '../posts.service';
import { PostsStore } from '../posts.store';
import { UNPUBLISH_DELIVERY_TASK, UNPUBLISH_MAX_ATTEMPTS, unpublishJobKey } from './unpublish-job';
import { DeliveryUnpublishView, NOT_SUPPORTED, UnpublishOutcome, UnpublishView } from './unpublish-outcome.view';

/**
 * Takes a post down: what has not gone out is canceled, and each published delivery on a network
 * that can delete is marked `deleting` with its delete job, in one transaction (a 202 means every
 * delete will be attempted). The network is called by the worker (UnpublishDeliveryTask), which
 * retries trouble and honours rate limits. A network that cannot delete its accounts' posts
 * (Instagram through Instagram Login) changes nothing.
 */
@Injectable()
export class UnpublishService {
  constructor(
    private readonly database: Database,
    private readonly store: PostsStore,
    private readonly deliveries: DeliveriesStore,
    private readonly networks: NetworkRegistry,
    private readonly jobs: JobQueue,
    private readonly outbox: EventOutbox,
    private readonly posts: PostsService,
  ) {}

  async unpublish(customerId: string, postId: string): Promise<UnpublishView> {
    return this.database.transaction(async (transaction) => {
      const post = await this.store.find(customerId, postId, transaction);
      if (!post) throw ApiException.notFound('Post');
      // Canceled first, so that post.completed (recorded when the last open delivery ends) counts
      // what was published, not what is being deleted.
      const canceled = new Set(await cancelNotStarted(this.deliveries, this.outbox, post, transaction));
      const deliveries = await this.deliveries.lockOfPost(post.id, transaction);
      const outcomes: DeliveryUnpublishView[] = [];
      for (const delivery of deliveries) {
        const outcome = canceled.has(delivery.id) ? 'canceled' : await this.takeDown(transaction, delivery);
        outcomes.push({
          deliveryId: delivery.id,
          platform: delivery.platform,
          outcome,
          error: outcome === 'not_supported' ? NOT_SUPPORTED : null,
        });
      }
      return { post: await this.posts.get(customerId, post.id, transaction), deliveries: outcomes };
    });
  }

  /** A published delivery on a network that can delete goes `deleting`, with its job; a `deleting` one gets its job again. */
  private async takeDown(transaction: Transaction, delivery: Delivery): Promise<UnpublishOutcome> {
    if (delivery.status === 'deleted') return 'deleted';
    if (delivery.status === 'publishing') return 'publishing';
    if (delivery.status !== 'published' && delivery.status !== 'deleting') return 'not_published';
    if (!deletesPosts(this.networks.find(delivery.platform))) return 'not_supported';
    if (delivery.status === 'published') await this.deliveries.markDeleting(delivery.id, transaction);
    // Queued again for a delivery already `deleting` too: a delete the queue gave up on is not
    // stuck, and the job key keeps one waiting job per delivery.
    await this.jobs.enqueue(transaction, {
      task: UNPUBLISH_DELIVERY_TASK,
      payload: { deliveryId: delivery.id },
      jobKey: unpublishJobKey(delivery.id),
      maxAttempts: UNPUBLISH_MAX_ATTEMPTS,
    });
    return 'deleting';
  }
}
