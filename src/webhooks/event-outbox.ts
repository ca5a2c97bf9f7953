import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { newId } from '../common/ids';
import { OutboxEvent } from './event.entity';
import { EventData, EventType } from './event-types';

export interface NewEvent<T extends EventType> {
  customerId: string;
  tenantId: string;
  type: T;
  data: EventData[T];
}

/**
 * Records events in the outbox. It always writes through the caller's transaction: an event exists
 * exactly when the change it reports was committed.
 */
@Injectable()
export class EventOutbox {
  async record<T extends EventType>(transaction: EntityManager, event: NewEvent<T>): Promise<OutboxEvent> {
    const row = transaction.create(OutboxEvent, { id: newId('event'), ...event, data: { ...event.data } });
    return transaction.save(OutboxEvent, row);
  }
}
