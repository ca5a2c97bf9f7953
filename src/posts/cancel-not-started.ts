import { EntityManager } from 'typeorm';
import { EventOutbox } from '../webhooks/event-outbox';
import { Post } from './post.entity';

/**
 * Cancels the post's deliveries that have not started (published ones stay on the network) and
 * records post.canceled when it stopped any. One UPDATE, in the caller's transaction. Returns the
 * ids of the deliveries it canceled.
 */
export async function cancelNotStarted(transaction: EntityManager, outbox: EventOutbox, post: Post): Promise<string[]> {
  const [canceled] = (await transaction.query(
    `UPDATE deliveries SET status = 'canceled', next_attempt_at = NULL, due_at = NULL, updated_at = now()
      WHERE post_id = $1 AND status IN ('scheduled', 'pending') RETURNING id`,
    [post.id],
  )) as [Array<{ id: string }>, number];
  const canceledIds = canceled.map((row) => row.id);
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
