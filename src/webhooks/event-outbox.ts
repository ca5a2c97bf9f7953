import { Injectable } from '@nestjs/common';
import type { Transaction } from '../database';
import { EventData, EventType } from './event-types';
import { eventInsertionSql } from './events.sql';
import { EventInsertion, EventsStore } from './events.store';

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
 * enabled webhook endpoint subscribed to its type is `pending`, due after the retry schedule's
 * first delay (the webhook lane's trigger picks it up); any other is recorded as `skipped`, saying
 * why (it can be resent once an endpoint is set). The database function record_event decides all
 * of it, and makes the id, in the one statement: no extra round trip on this hot path, and the
 * post.completed trigger records its event by the same rules.
 */
@Injectable()
export class EventOutbox {
  constructor(private readonly events: EventsStore) {}

  /** Records the event through `runner` (a transaction, or the data source's manager). Returns its id. */
  record<T extends EventType>(runner: Transaction, event: NewEvent<T>): Promise<string> {
    return this.events.insert(this.insertion(event, 1), runner);
  }

  /**
   * The event's recording for a caller that writes its change and the event in ONE statement (a
   * data-modifying CTE is atomic without a transaction, and saves a transaction's round trips).
   */
  insertion<T extends EventType>(event: NewEvent<T>, firstParam: number): EventInsertion {
    return {
      sql: eventInsertionSql(firstParam),
      params: [event.customerId, event.tenantId, event.type, JSON.stringify(event.data)],
    };
  }
}
