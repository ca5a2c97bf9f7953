import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EventOutbox } from './event-outbox';
import { OutboxEvent } from './event.entity';

/** For now the event outbox; delivery to the customer's URL comes with the webhooks issue. */
@Module({ imports: [TypeOrmModule.forFeature([OutboxEvent])], providers: [EventOutbox], exports: [EventOutbox] })
export class WebhooksModule {}
