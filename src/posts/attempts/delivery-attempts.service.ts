import { Injectable } from '@nestjs/common';
import { ApiException } from '../../common/errors/api-exception';
import { decodeCursor, encodeCursor } from '../../common/http/page-cursor';
import { Paginated } from '../../common/http/paginated';
import type { PageQuery } from '../../common/http/page.query';
import { DeliveriesStore } from '../deliveries.store';
import { PostsStore } from '../posts.store';
import { ID_PREFIX } from '../../common/ids';
import { publicWorkerName } from '../../queue';
import { attemptSummary } from './attempt-summary';
import type { DeliveryAttemptView } from './delivery-attempt.view';
import { DeliveryAttemptsStore, StoredAttempt } from './delivery-attempts.store';

/** A delivery's attempts, oldest first, for its customer. */
@Injectable()
export class DeliveryAttemptsService {
  constructor(
    private readonly posts: PostsStore,
    private readonly deliveries: DeliveriesStore,
    private readonly attempts: DeliveryAttemptsStore,
  ) {}

  async list(
    customerId: string,
    postId: string,
    deliveryId: string,
    query: PageQuery,
  ): Promise<Paginated<DeliveryAttemptView>> {
    const cursor = query.cursor === undefined ? undefined : decodeCursor(query.cursor, ID_PREFIX.deliveryAttempt);
    // Another customer's delivery, or one of another post, is as unknown as a made-up id.
    const delivery = await this.deliveries.findForPost(customerId, postId, deliveryId);
    if (!delivery) throw ApiException.notFound((await this.posts.exists(customerId, postId)) ? 'Delivery' : 'Post');
    const limit = query.limit ?? 20;
    const rows = await this.attempts.page(deliveryId, cursor, limit + 1);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return new Paginated(page.map(attemptView), {
      nextCursor: rows.length > limit && last ? encodeCursor({ createdMicros: last.createdMicros, id: last.id }) : null,
    });
  }
}

export function attemptView(row: StoredAttempt): DeliveryAttemptView {
  return {
    id: row.id,
    number: row.number,
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt.toISOString(),
    durationMs: Math.max(0, row.endedAt.getTime() - row.startedAt.getTime()),
    worker: publicWorkerName(row.workerId),
    resuming: row.resuming,
    outcome: row.outcome,
    error: row.errorCode ? { code: row.errorCode, message: row.errorMessage ?? '' } : null,
    wait:
      row.outcome === 'retry_later' && row.waitReason && row.nextAttemptAt
        ? {
            reason: row.waitReason,
            until: row.nextAttemptAt.toISOString(),
            networkResetAt: row.networkResetAt ? row.networkResetAt.toISOString() : null,
          }
        : null,
    calls: row.calls,
    checkpoints: row.checkpoints,
    unfinishedBefore: row.unfinishedBefore,
    summary: attemptSummary(row),
  };
}
