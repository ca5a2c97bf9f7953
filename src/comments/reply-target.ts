import { ApiException } from '../common/errors/api-exception';
import type { Transaction } from '../database';
import type { CommentsStore } from './comments.store';
import type { PublishedDelivery } from './published-delivery';

/**
 * Checks an answer's `replyToId` before it is queued, so nothing is ever sent to the network for a
 * comment that is not one: it must have the shape of the network's comment ids (400
 * `validation_failed`), and, where the service knows which thread the id belongs to (another of
 * the customer's published posts, an answer it sent, a comment its scan announced), that thread
 * must be this delivery's (422 `reply_not_in_thread`). An id the service has never seen (a comment
 * newer than the last scan) is left to the network, which refuses an id it does not know.
 */
export async function checkReplyTarget(
  comments: CommentsStore,
  customerId: string,
  target: PublishedDelivery,
  replyToId: string | undefined,
  transaction: Transaction,
): Promise<void> {
  if (replyToId === undefined) return;
  const { pattern, words } = target.comments.commentId;
  if (!pattern.test(replyToId))
    throw ApiException.validation(
      [{ field: 'replyToId', message: `replyToId must be a ${target.adapter.displayName} comment id: ${words}` }],
      `replyToId is not a ${target.adapter.displayName} comment id`,
    );
  const holders = await comments.knownThreads(customerId, replyToId, transaction);
  if (holders.size > 0 && !holders.has(target.delivery.id))
    throw new ApiException(
      'reply_not_in_thread',
      `replyToId ${replyToId} is not a comment under this delivery: it belongs to another of your posts. ` +
        'Answer it under its own delivery (GET …/comments lists what each delivery has)',
      [{ field: 'replyToId', message: 'The comment is under another delivery' }],
    );
}
