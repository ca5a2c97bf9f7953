import { Inject, Injectable, Logger, OnModuleInit, Optional } from '@nestjs/common';
import { APP_CONFIG } from '../config';
import type { AppConfig } from '../config';
import { retryUntilDone } from '../queue';
import { ShutdownSignal } from '../queue';
import { LaneRegistry, WorkLane } from '../queue';
import { ServiceMetrics } from '../observability';
import { EventsStore } from './events.store';
import { WebhookDispatcher } from './webhook-dispatcher';

/** The lane's name, and the payload of the notification that wakes it. */
export const WEBHOOK_LANE = 'webhook';

/** After an attempt failed in our own code (not the receiver's answer), the event waits this long. */
const OWN_ERROR_DELAY_MS = 30_000;

/**
 * Webhook attempts as a lane of their own: WEBHOOK_CONCURRENCY slots per worker process, apart from
 * publishing, and at most WEBHOOK_CUSTOMER_MAX_IN_FLIGHT attempts to one customer's receiver at
 * once, round-robin over customers. A receiver that hangs holds only its own customer's share.
 */
@Injectable()
export class WebhookLane implements WorkLane<string>, OnModuleInit {
  readonly name = WEBHOOK_LANE;
  readonly slots: number;
  private readonly logger = new Logger('Webhooks');

  constructor(
    private readonly events: EventsStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly lanes: LaneRegistry,
    private readonly dispatcher: WebhookDispatcher,
    private readonly shutdown: ShutdownSignal,
    @Optional() private readonly metrics?: ServiceMetrics,
  ) {
    this.slots = config.webhooks.concurrency;
  }

  onModuleInit(): void {
    this.lanes.register(this);
    this.metrics?.queueBacklog('webhook', () => this.events.webhookBacklog());
  }

  claim(workerId: string, wanted: number): Promise<string[]> {
    return this.events.claim(workerId, wanted, this.config.webhooks.customerMaxInFlight);
  }

  async work(eventId: string, workerId: string): Promise<void> {
    try {
      await this.dispatcher.deliver(eventId, workerId);
    } catch (error) {
      this.logger.error({
        msg: 'A webhook attempt stopped on our own error; it will be made again',
        eventId,
        err: error instanceof Error ? error.message : String(error),
      });
      // A live worker's claim is never taken over, and counts toward its customer's cap: it must be let go.
      await retryUntilDone(
        this.logger,
        `Letting go of event ${eventId}`,
        () => this.dispatcher.letGo(eventId, workerId, OWN_ERROR_DELAY_MS),
        this.shutdown.signal,
      );
    }
  }

  releaseAbandoned(deadWorkerIds: string[], deadAfterMs: number): Promise<number> {
    return this.dispatcher.releaseAbandoned(deadWorkerIds, deadAfterMs);
  }

  releaseUnheld(workerId: string, held: string[]): Promise<number> {
    return this.dispatcher.releaseUnheld(workerId, held);
  }
}
