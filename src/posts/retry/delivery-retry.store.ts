import { Injectable } from '@nestjs/common';
import { Database } from '../../database';
import type { Transaction } from '../../database';
import { Delivery, DeliveryStatus } from '../delivery.entity';

/**
 * The statements of a retry (POST /posts/:id/deliveries/:deliveryId/retry): the customer's delivery
 * locked, then made due again with its post reopened. Kept apart from DeliveriesStore (the
 * publishing pipeline), whose statements a retry does not change.
 */
@Injectable()
export class DeliveryRetryStore {
  constructor(private readonly database: Database) {}

  /**
   * The customer's delivery of the post, locked until the transaction ends (so two retries of it,
   * or a retry and anything else that writes it, take turns), or null.
   */
  lockOfCustomer(customerId: string, postId: string, id: string, transaction: Transaction): Promise<Delivery | null> {
    return this.database.repository(Delivery, transaction).findOne({
      where: { id, postId, customerId },
      lock: { mode: 'pessimistic_write' },
    });
  }

  /**
   * A failed delivery due again now, in the caller's transaction; false when it was no longer
   * failed. With `lookFirst` it becomes `publishing`: the state a cut-off attempt leaves, from which
   * the next attempt looks on the network before posting (DeliveriesStore.begin's `resuming`);
   * otherwise `pending`, as a new delivery. The failure is cleared (the post.failed event keeps it),
   * and the counts of attempts and of rate-limit waits start again, and `retried_at` bounds its
   * rate-limit waits from now (afterFailure): a retry has the whole budget of a new delivery. Its progress is kept, so steps already done on the network (a
   * thread's first parts, uploaded media) are not done twice.
   */
  async makeDue(id: string, lookFirst: boolean, transaction: Transaction): Promise<boolean> {
    const status: DeliveryStatus = lookFirst ? 'publishing' : 'pending';
    const changed = await this.database.rows<{ id: string }>(
      `UPDATE deliveries SET status = $2, attempts = 0, rate_limit_waits = 0, error_code = NULL, error_message = NULL,
              next_attempt_at = NULL, due_at = now(), retried_at = now(), updated_at = now()
        WHERE id = $1 AND status = 'failed' RETURNING id`,
      [id, status],
      transaction,
    );
    return changed.length > 0;
  }

  /**
   * The post is open again: its completion is forgotten, so post.completed is recorded anew (with
   * the post's new status) when its deliveries are all final again (trigger record_post_completed).
   * Called after the delivery's row is locked, as a delivery's final write takes its row and then
   * its post's, so the two never wait on each other the other way round.
   */
  async reopenPost(postId: string, transaction: Transaction): Promise<void> {
    await this.database.execute('UPDATE posts SET completed_at = NULL WHERE id = $1', [postId], transaction);
  }
}
