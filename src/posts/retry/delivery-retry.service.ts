import { Injectable, Logger } from '@nestjs/common';
import { AccountsStore } from '../../accounts';
import { ApiException } from '../../common/errors/api-exception';
import { Database } from '../../database';
import { PostView } from '../dto/post.view';
import { postView } from '../post-views';
import { PostsStore } from '../posts.store';
import { DeliveryRetryStore } from './delivery-retry.store';
import { mustLookFirst, retryRefusal } from './retry-refusal';

/**
 * Retries a failed delivery: it becomes due again and the publishing lane takes it as any other,
 * with the at-most-once guarantee of a resumed attempt (see mustLookFirst): a post the failed
 * delivery did get onto the network is found there and adopted, never posted a second time. Its
 * outcome comes as for any delivery, with post.published or post.failed.
 */
@Injectable()
export class DeliveryRetryService {
  private readonly logger = new Logger('Publish');

  constructor(
    private readonly database: Database,
    private readonly store: DeliveryRetryStore,
    private readonly posts: PostsStore,
    private readonly accounts: AccountsStore,
  ) {}

  /**
   * 404 for a post or delivery the customer does not have; 409 delivery_not_failed for a delivery
   * that is not failed (a retry already accepted included: a double click is refused, not run
   * twice); 409 account_not_active while its account is expired or disconnected. Otherwise the post
   * as it now stands (the delivery `pending`, or `publishing` when its attempt looks first).
   */
  async retry(customerId: string, postId: string, deliveryId: string): Promise<PostView> {
    return this.database.transaction(async (transaction) => {
      const delivery = await this.store.lockOfCustomer(customerId, postId, deliveryId, transaction);
      if (!delivery) throw ApiException.notFound((await this.posts.exists(customerId, postId)) ? 'Delivery' : 'Post');
      // The account is read, not locked: a worker checks it again when it claims the delivery.
      const account = await this.accounts.findById(customerId, delivery.accountId);
      const refusal = retryRefusal(delivery, account);
      if (refusal) throw ApiException.conflict(refusal.message, refusal.code);
      const lookFirst = mustLookFirst(delivery);
      // Under the row's lock the delivery is still failed: this cannot miss.
      if (!(await this.store.makeDue(delivery.id, lookFirst, transaction)))
        throw new Error(`Delivery ${delivery.id} was no longer failed under its lock`);
      await this.store.reopenPost(postId, transaction);
      this.logger.log({
        msg: 'A failed delivery is retried',
        deliveryId: delivery.id,
        platform: delivery.platform,
        previousError: delivery.errorCode,
        lookFirst,
      });
      const found = await this.posts.getWithDeliveries(customerId, postId, transaction);
      if (!found) throw ApiException.notFound('Post');
      return postView(found.post, found.deliveries);
    });
  }
}
