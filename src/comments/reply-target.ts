import type { EntityManager } from 'typeorm';
import { ApiException } from '../common/errors/api-exception';
import type { PublishedDelivery } from './published-delivery';

/**
 * The threads a network id is known to belong to: the deliveries whose published object it is,
 * under which the service sent it as an answer, or under which the comment scan announced it.
 * Capped: one id is in one thread, so a handful of rows already says everything.
 */
export const KNOWN_THREADS_SQL = `
  (SELECT id AS delivery_id FROM deliveries WHERE customer_id = $1 AND platform_post_id = $2 LIMIT 5)
  UNION ALL
  (SELECT delivery_id FROM comment_requests WHERE customer_id = $1 AND platform_comment_id = $2 LIMIT 5)
  UNION ALL
  (SELECT data ->> 'deliveryId' FROM events
    WHERE customer_id = $1 AND type = 'comment.received' AND data -> 'comment' ->> 'id' = $2 LIMIT 5)`;

/**
 * Checks an answer's `replyToId` before it is queued, so nothing is ever sent to the network for a
 * comment that is not one: it must have the shape of the network's comment ids (400
 * `validation_failed`), and, where the service knows which thread the id belongs to (another of
 * the customer's published posts, an answer it sent, a comment its scan announced), that thread
 * must be this delivery's (422 `reply_not_in_thread`). An id the service has never seen (a comment
 * newer than the last scan) is left to the network, which refuses an id it does not know.
 */
export async function checkReplyTarget(
  manager: EntityManager,
  customerId: string,
  target: PublishedDelivery,
  replyToId: string | undefined,
): Promise<void> {
  if (replyToId === undefined) return;
  const { pattern, words } = target.comments.commentId;
  if (!pattern.test(replyToId))
    throw ApiException.validation(
      [{ field: 'replyToId', message: `replyToId must be a ${target.adapter.displayName} comment id: ${words}` }],
      `replyToId is not a ${target.adapter.displayName} comment id`,
    );
  const rows = (await manager.query(KNOWN_THREADS_SQL, [customerId, replyToId])) as Array<{
    delivery_id: string | null;
  }>;
  const threads = new Set(rows.map((row) => row.delivery_id).filter((id): id is string => id !== null));
  if (threads.size > 0 && !threads.has(target.delivery.id))
    throw new ApiException(
      'reply_not_in_thread',
      `replyToId ${replyToId} is not a comment under this delivery: it belongs to another of your posts. ` +
        'Answer it under its own delivery (GET …/comments lists what each delivery has)',
      [{ field: 'replyToId', message: 'The comment is under another delivery' }],
    );
}
