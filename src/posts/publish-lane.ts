import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG } from '../config';
import type { AppConfig } from '../config';
import { LostClaimError } from '../queue';
import { retryUntilDone } from '../queue';
import { ShutdownSignal } from '../queue';
import { QueueStore } from '../queue';
import { LaneRegistry, WorkLane } from '../queue';
import { ClaimedDelivery, DeliveriesStore } from './deliveries.store';
import { PublishDeliveryTask } from './publish-delivery.task';

/** The lane's name, and the payload of the notification that wakes it. */
export const PUBLISH_LANE = 'publish';

/**
 * Publishing as a lane: a worker claims deliveries (one per account at a time, round-robin over
 * customers, at most PUBLISH_CUSTOMER_MAX_IN_FLIGHT per customer), publishes each, and lets go
 * of its account's lane, which makes the account's next delivery claimable.
 */
@Injectable()
export class PublishLane implements WorkLane<ClaimedDelivery>, OnModuleInit {
  readonly name = PUBLISH_LANE;
  readonly slots: number;
  private readonly logger = new Logger('Publish');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly lanes: LaneRegistry,
    private readonly store: DeliveriesStore,
    private readonly queue: QueueStore,
    private readonly task: PublishDeliveryTask,
    private readonly shutdown: ShutdownSignal,
  ) {
    this.slots = config.workerConcurrency;
  }

  onModuleInit(): void {
    this.lanes.register(this);
  }

  claim(workerId: string, wanted: number): Promise<ClaimedDelivery[]> {
    return this.store.claim(workerId, wanted, this.config.publishCustomerMaxInFlight);
  }

  async work({ deliveryId, accountId }: ClaimedDelivery, workerId: string): Promise<void> {
    try {
      await this.task.run(deliveryId, workerId);
    } catch (error) {
      // Taken for dead: the new holder carries on, and this worker's release below changes nothing.
      if (error instanceof LostClaimError)
        return this.logger.warn({ msg: 'Stopped publishing: the claim was let go', deliveryId, accountId });
      this.logger.error({
        msg: 'Publishing stopped on our own error; the delivery will be tried again',
        deliveryId,
        err: error instanceof Error ? error.message : String(error),
      });
      // If this fails too (the database away), the delivery stays due as it was and is claimed again.
      await this.store.retryAfterOwnError(deliveryId).catch(() => undefined);
    }
    await this.release(accountId, workerId);
  }

  releaseAbandoned(deadWorkerIds: string[], deadAfterMs: number): Promise<number> {
    return this.queue.releaseAbandonedLanes(deadWorkerIds, deadAfterMs);
  }

  releaseUnheld(workerId: string, held: ClaimedDelivery[]): Promise<number> {
    return this.queue.releaseUnheldLanes(
      workerId,
      held.map((item) => item.accountId),
    );
  }

  /** Must happen, or the account's next deliveries wait for this process to end: retried while it lives. */
  private async release(accountId: string, workerId: string): Promise<void> {
    await retryUntilDone(
      this.logger,
      `Letting go of account ${accountId}'s lane`,
      () => this.store.release(accountId, workerId),
      this.shutdown.signal,
    );
  }
}
