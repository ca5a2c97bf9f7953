import { Injectable } from '@nestjs/common';
import { AccountsStore } from '../accounts';
import { ConnectedAccount } from '../accounts';
import { ApiException } from '../common/errors/api-exception';
import { CommentingAdapter, NetworkAdapter } from '../networks';
import { NetworkRegistry } from '../networks';
import { DeliveriesStore } from '../posts';
import { Delivery } from '../posts';
import { permissionMessage } from '../posts';
import { PostsStore } from '../posts';
import { lackedFor } from '../networks';

/** A customer's delivery that is on its network, with what a comments call needs. */
export interface PublishedDelivery {
  delivery: Delivery & { platformPostId: string };
  account: ConnectedAccount;
  adapter: NetworkAdapter;
  comments: CommentingAdapter;
}

/**
 * Finds the delivery a comments request names: the customer's post (404 otherwise, as for another
 * customer's), one of its deliveries (404), published with a network id (409
 * delivery_not_published) on a network that has comments, by an account still active (409
 * account_not_active) that was granted what reading or answering comments needs (422 permission_missing).
 */
@Injectable()
export class PublishedDeliveries {
  constructor(
    private readonly networks: NetworkRegistry,
    private readonly accounts: AccountsStore,
    private readonly posts: PostsStore,
    private readonly deliveries: DeliveriesStore,
  ) {}

  async find(
    customerId: string,
    postId: string,
    deliveryId: string,
    feature: 'read_comments' | 'answer_comments',
  ): Promise<PublishedDelivery> {
    const delivery = await this.deliveries.findForPost(customerId, postId, deliveryId);
    if (!delivery) throw ApiException.notFound((await this.posts.exists(customerId, postId)) ? 'Delivery' : 'Post');
    if (delivery.status !== 'published' || !delivery.platformPostId)
      throw ApiException.conflict(
        `The delivery is ${delivery.status}: comments exist only under a published delivery`,
        'delivery_not_published',
      );
    const adapter = this.networks.get(delivery.platform);
    if (!adapter.comments)
      throw ApiException.conflict(`${adapter.displayName} has no comments to read or answer`, 'delivery_not_published');
    const account = await this.accounts.findById(customerId, delivery.accountId);
    if (!account || account.status !== 'active')
      throw ApiException.conflict(
        `The delivery's account is ${account?.status ?? 'gone'}; reconnect it to read or answer comments`,
        'account_not_active',
      );
    const lacking = lackedFor(adapter.permissionNeeds, feature, account.scopes);
    if (lacking.length) throw new ApiException('permission_missing', permissionMessage(account, feature, lacking));
    return {
      delivery: delivery as Delivery & { platformPostId: string },
      account,
      adapter,
      comments: adapter.comments,
    };
  }
}
