import type { Transaction } from '../database';
import { EventOutbox } from '../webhooks';
import { DeliveriesStore } from './deliveries.store';
import { Post } from './post.entity';

/**
 * Cancels the post's deliveries that have not started (published ones stay on the network) and
 * records post.canceled when it stopped any. One UPDATE, in the caller's transaction. Returns the
 * ids of the deliveries it canceled.
 */
export async function cancelNotStarted(
  deliveries: DeliveriesStore,
  outbox: EventOutbox,
  post: Post,
  transaction: Transaction,
): Promise<string[]> {
  const canceledIds = await deliveries.cancelNotStarted(post.id, transaction);
  if (canceledIds.length > 0) {
    await outbox.record(transaction, {
      customerId: post.customerId,
      tenantId: post.tenantId,
      type: 'post.canceled',
      data: { servicePostId: post.id, canceledDeliveryIds: [...canceledIds].sort() },
    });
  }
  return canceledIds;
}
