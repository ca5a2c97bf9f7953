import { Inject, Injectable } from '@nestjs/common';
import { newId } from '../common/ids';
import { APP_CONFIG } from '../config';
import type { AppConfig } from '../config';
import type { Transaction } from '../database';
import { EventData, EventType } from './event-types';
import { eventInsertionSql } from './events.sql';
import { EventInsertion, EventsStore } from './events.store';

export { SKIPPED_BECAUSE } from './events.sql';
export type { EventInsertion } from './events.store';

export interface NewEvent<T extends EventType> {
  customerId: string;
  tenantId: string;
  type: T;
  data: EventData[T];
}

/**
 * Records events in the outbox, always in the same statement or transaction as the change they
 * report: an event exists exactly when that change was committed. An event for a customer with an
 * enabled webhook endpoint subscribed to its type is `pending`, due at once (the webhook lane's
 * trigger picks it up); any other is recorded as `skipped` (it can be resent once an endpoint is
 * set). The subscription is read inside the INSERT itself: no extra round trip on this hot path.
 */
@Injectable()
export class EventOutbox {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: EventsStore,
  ) {}

  /** Records the event through `runner` (a transaction, or the data source's manager). Returns its id. */
  async record<T extends EventType>(runner: Transaction, event: NewEvent<T>): Promise<string> {
    const insertion = this.insertion(event, 1);
    await this.events.insert(insertion, runner);
    return insertion.id;
  }

  /**
   * The event's INSERT for a caller that writes its change and the event in ONE statement (a
   * data-modifying CTE is atomic without a transaction, and saves a transaction's round trips).
   */
  insertion<T extends EventType>(event: NewEvent<T>, firstParam: number): EventInsertion {
    const id = newId('event');
    // The schedule's first entry is the delay before the first attempt (usually 0: at once).
    const firstDelayMs = this.config.webhooks.retryScheduleMs[0] ?? 0;
    return {
      id,
      sql: eventInsertionSql(firstParam),
      params: [id, event.customerId, event.tenantId, event.type, JSON.stringify(event.data), firstDelayMs],
    };
  }
}
