import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { LostClaimError } from '../../queue';
import type { Attempt } from '../deliveries.store';
import { AttemptTrace } from './attempt-trace';
import { DeliveryAttemptsStore } from './delivery-attempts.store';

/** The backoff after our own error, as DeliveriesStore.retryAfterOwnError sets it (2^attempts seconds, at most 10 minutes). */
export function ownErrorBackoffMs(attempts: number): number {
  return Math.min(600_000, 1_000 * 2 ** Math.min(attempts, 10));
}

/** Begins each publish attempt's trace, and writes it for an attempt stopped by our own error. */
@Injectable()
export class AttemptTraces {
  private readonly logger = new Logger('Publish');

  constructor(
    private readonly store: DeliveryAttemptsStore,
    private readonly clock: Clock,
  ) {}

  begin({ delivery, resuming }: Attempt, workerId: string): AttemptTrace {
    return new AttemptTrace({
      deliveryId: delivery.id,
      number: delivery.attempts,
      workerId,
      resuming,
      startedAt: this.clock.now(),
      progress: delivery.progress,
    });
  }

  /**
   * The attempt stopped on our own error (the lane retries the delivery after a backoff): its row,
   * in a statement of its own (a rare path), without the error's text, which is ours and not the
   * customer's. Never for a claim let go (the new holder's attempt goes on). Rethrows the error.
   */
  async stopped(trace: AttemptTrace, attempts: number, error: unknown): Promise<never> {
    if (!(error instanceof LostClaimError)) {
      const row = trace.end({
        outcome: 'retry_later',
        waitReason: 'own_error',
        nextAttemptAt: new Date(this.clock.now().getTime() + ownErrorBackoffMs(attempts)),
      });
      if (row)
        await this.store.insert(row).catch((failure: unknown) =>
          this.logger.warn({
            msg: "An attempt's trace was not written",
            deliveryId: row.deliveryId,
            err: failure instanceof Error ? failure.message : String(failure),
          }),
        );
    }
    throw error;
  }
}
