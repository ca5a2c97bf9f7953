import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { DecryptionError } from '../common/crypto/secret-box';
import { newId } from '../common/ids';
import { APP_CONFIG } from '../config';
import { CustomerModes } from '../customers';
import type { AppConfig } from '../config';
import { Clock } from '../common/clock/clock';
import { Database } from '../database';
import type { Transaction } from '../database';
import { attemptConsequence, GONE } from './attempt-consequence';
import { DeliverableEvent, EventsStore } from './events.store';
import { OpenEndpoint, WebhookEndpointsService } from './webhook-endpoints.service';
import { WebhookEndpointsStore } from './webhook-endpoints.store';
import { StoredEvent, webhookBody } from './webhook-payload';
import { AttemptResult, isDelivered, WebhookSender } from './webhook-sender';
import { ServiceMetrics } from '../observability';

const TEST_MESSAGE = 'This is a test event from the social publishing service.';

/**
 * Makes one attempt to deliver a claimed event and records it with its consequence, in one
 * transaction that also lets go of the claim: delivered; the endpoint disabled on 410; the next
 * attempt due on the retry schedule (never before Retry-After); or failed after the round's last
 * attempt. A worker that dies between the send and the record has its claim let go when it counts
 * as dead, and the attempt is made again: delivery is at least once, and receivers de-duplicate on
 * the event id.
 */
@Injectable()
export class WebhookDispatcher {
  private readonly logger = new Logger('Webhooks');

  constructor(
    private readonly database: Database,
    private readonly events: EventsStore,
    private readonly endpointRows: WebhookEndpointsStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly endpoints: WebhookEndpointsService,
    private readonly sender: WebhookSender,
    private readonly modes: CustomerModes,
    private readonly clock: Clock,
    @Optional() private readonly metrics?: ServiceMetrics,
  ) {}

  /**
   * The attempt of a pending event claimed by `workerId` in the webhook lane; every path lets go of
   * the claim, and none lets go of a claim that is no longer this worker's (one taken for dead
   * whose event another worker has claimed since).
   */
  async deliver(eventId: string, workerId: string): Promise<void> {
    const event = await this.events.findDeliverable(eventId);
    if (!event) return;
    if (event.deliveryStatus !== 'pending') return this.letGo(eventId, workerId);
    let endpoint: OpenEndpoint | undefined;
    try {
      endpoint = await this.endpoints.open(event.customerId);
    } catch (error) {
      // A key this instance lacks may be on another (a rotation under way): let the queue retry.
      // A secret no key opens fails visibly instead of retrying forever.
      if (error instanceof DecryptionError && error.kind === 'unreadable')
        return this.giveUp(event.id, workerId, 'The webhook secret cannot be opened; PUT the webhook again');
      throw error;
    }
    if (!endpoint) return this.giveUp(event.id, workerId, 'No webhook endpoint is configured');
    if (endpoint.disabledAt)
      return this.giveUp(
        event.id,
        workerId,
        'The webhook endpoint is disabled (the receiver answered 410 Gone); PUT it again to enable it',
      );
    const result = await this.sender.send({
      url: endpoint.url,
      secret: endpoint.secret,
      previousSecrets: endpoint.previousSecrets,
      eventId: event.id,
      body: webhookBody(toStored(event)),
    });
    this.metrics?.webhookAttempt(webhookAttemptOutcome(result), result.durationMs / 1000);
    await this.database.transaction((transaction) => this.record(transaction, event, workerId, endpoint, result));
  }

  /**
   * The test event: sent once, now, and only then written with its outcome and attempt, so a
   * crash mid-send leaves nothing half-done behind.
   */
  async sendTest(customerId: string, endpoint: OpenEndpoint): Promise<{ eventId: string; result: AttemptResult }> {
    const mode = await this.modes.modeOf(customerId);
    const event: StoredEvent = {
      id: newId('event'),
      type: 'webhook.test',
      tenantId: null,
      createdAt: this.clock.now(),
      data: { message: TEST_MESSAGE },
      livemode: mode !== 'test',
    };
    const result = await this.sender.send({
      url: endpoint.url,
      secret: endpoint.secret,
      previousSecrets: endpoint.previousSecrets,
      eventId: event.id,
      body: webhookBody(event),
    });
    const delivered = isDelivered(result);
    await this.database.transaction(async (transaction) => {
      await this.events.insertSentTest(
        {
          id: event.id,
          customerId,
          type: event.type,
          data: event.data,
          createdAt: event.createdAt,
          delivered,
          failureReason: delivered ? null : 'The test event is sent once',
        },
        transaction,
      );
      await this.events.insertAttempt(event.id, 1, endpoint.url, result, transaction);
      if (result.statusCode === GONE)
        await this.endpointRows.disableAfterGone(customerId, endpoint.updatedAt, transaction);
    });
    return { eventId: event.id, result };
  }

  private async record(
    transaction: Transaction,
    event: DeliverableEvent,
    workerId: string,
    endpoint: OpenEndpoint,
    result: AttemptResult,
  ): Promise<void> {
    // The event row is locked: a resend racing this attempt numbers its attempts after this one.
    const current = await this.events.lockForAttempt(event.id, transaction);
    if (!current) return;
    const attempt = current.attempts + 1;
    await this.events.insertAttempt(event.id, attempt, endpoint.url, result, transaction);
    // This worker was taken for dead and its claim let go: the attempt happened and is recorded, but
    // the event's state is for the worker that holds it now (or the next one) to decide.
    if (current.claimedBy !== workerId) {
      await this.events.countAttempt(event.id, attempt, transaction);
      return;
    }
    // A resend started a new round while this attempt was under way: that round decides the state.
    if (current.round !== event.round || current.deliveryStatus !== 'pending') {
      await this.events.countAttemptAndLetGo(event.id, attempt, transaction);
      return;
    }

    const roundAttempts = current.roundAttempts + 1;
    const next = attemptConsequence(result, roundAttempts, this.config.webhooks.retryScheduleMs, this.clock.now());
    if (next.kind === 'delivered') {
      await this.events.markDelivered(event.id, attempt, roundAttempts, transaction);
      return;
    }
    this.logger.warn({
      msg: 'Webhook attempt failed',
      eventId: event.id,
      attempt,
      statusCode: result.statusCode,
      err: result.error,
    });
    // Only the endpoint the attempt went to: one PUT again since then (even of the same URL) stays enabled.
    if (next.kind === 'gone')
      await this.endpointRows.disableAfterGone(event.customerId, endpoint.updatedAt, transaction);
    if (next.kind !== 'retry') {
      this.metrics?.webhookEventFailed();
      return this.events.markFailed(event.id, attempt, roundAttempts, next.reason, transaction);
    }
    // Let go with the next attempt's time: the lane's trigger makes it due then.
    await this.events.scheduleRetry(event.id, attempt, roundAttempts, next.at, transaction);
  }

  /** A pending event that cannot be sent at all fails visibly, with the reason. */
  private async giveUp(eventId: string, workerId: string, reason: string): Promise<void> {
    await this.events.failClaimed(eventId, workerId, reason);
    await this.letGo(eventId, workerId);
  }

  /**
   * Lets go of the claim without an attempt (nothing to send, or our own trouble): a pending event
   * is due again at its time, or after `delayMs` when given. Only `workerId`'s own claim.
   */
  async letGo(eventId: string, workerId: string, delayMs?: number): Promise<void> {
    await this.events.letGo(eventId, workerId, delayMs);
  }

  /** The attempts `workerId` claimed but does not hold (see WorkLane.releaseUnheld): due again at their time. */
  releaseUnheld(workerId: string, heldEventIds: string[]): Promise<number> {
    return this.events.releaseUnheld(workerId, heldEventIds);
  }

  /** See WorkLane.releaseAbandoned. */
  releaseAbandoned(deadWorkerIds: string[], deadAfterMs: number): Promise<number> {
    return this.events.releaseAbandoned(deadWorkerIds, deadAfterMs);
  }
}

function toStored(event: DeliverableEvent): StoredEvent {
  return {
    id: event.id,
    type: event.type,
    tenantId: event.tenantId,
    createdAt: event.createdAt,
    data: event.data,
    livemode: event.livemode,
  };
}

/** An attempt's outcome for the metrics: a 2xx, another answer, or none (refused, timed out, address refused). */
function webhookAttemptOutcome(result: AttemptResult): 'delivered' | 'rejected' | 'unreachable' {
  if (isDelivered(result)) return 'delivered';
  return result.statusCode === null ? 'unreachable' : 'rejected';
}
