import type { AccountAccess } from '../accounts';
import { CommentsCall } from '../networks';
import { PublishedDelivery } from './published-delivery';

/** The network call for a published delivery's comments, with the tokens and app the account-call runner chose. */
export function commentsCall(target: PublishedDelivery, { tokens, app }: AccountAccess): CommentsCall {
  const { account, delivery } = target;
  return {
    networkAccountId: account.networkAccountId,
    username: account.username,
    tokens,
    app,
    objectId: delivery.platformPostId,
  };
}
