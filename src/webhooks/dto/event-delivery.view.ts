import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ALL_EVENT_TYPES, EVENT_DELIVERY_STATUSES } from '../event-types';
import type { EventDeliveryStatus } from '../event-types';

export class WebhookAttemptView {
  @ApiProperty({ example: 1 })
  attempt!: number;

  @ApiProperty({ example: 'https://api.example.com/hooks/social' })
  url!: string;

  @ApiProperty({ nullable: true, type: Number, example: 503, description: 'null when no answer came' })
  statusCode!: number | null;

  @ApiProperty({ example: 84 })
  durationMs!: number;

  @ApiProperty({ nullable: true, type: String, example: 'The receiver answered 503' })
  error!: string | null;

  @ApiProperty()
  attemptedAt!: string;
}

export class EventDeliveryView {
  @ApiProperty({ example: 'evt_5b0W…', description: 'Also X-Service-Event-Id: receivers de-duplicate on it' })
  id!: string;

  @ApiProperty({ enum: ALL_EVENT_TYPES })
  event!: string;

  @ApiProperty({ nullable: true, type: String })
  tenantId!: string | null;

  @ApiProperty({
    enum: EVENT_DELIVERY_STATUSES,
    description:
      'pending (attempts continue), delivered (a 2xx), failed (after the last attempt, or 410), skipped (not sent: no endpoint, a disabled one, or one not subscribed to the type when it happened; failureReason says which)',
  })
  status!: EventDeliveryStatus;

  @ApiProperty()
  createdAt!: string;

  @ApiProperty({ nullable: true, type: String })
  deliveredAt!: string | null;

  @ApiProperty({ nullable: true, type: String })
  nextAttemptAt!: string | null;

  @ApiProperty({
    nullable: true,
    type: String,
    description: 'Why the event failed, or why it was skipped; null while pending and once delivered',
  })
  failureReason!: string | null;

  @ApiProperty({
    example: true,
    description: "false for an event of the test world (a test key's events); as in the webhook body",
  })
  livemode!: boolean;

  @ApiProperty({ type: [WebhookAttemptView] })
  attempts!: WebhookAttemptView[];
}

export class EventPageView {
  @ApiProperty({ type: [EventDeliveryView] })
  events!: EventDeliveryView[];

  @ApiProperty({ nullable: true, type: String })
  nextCursor!: string | null;
}

export class TestAttemptView {
  @ApiProperty({ example: 'evt_5b0W…' })
  eventId!: string;

  @ApiProperty()
  delivered!: boolean;

  @ApiProperty({ nullable: true, type: Number, example: 200 })
  statusCode!: number | null;

  @ApiProperty({ example: 84 })
  durationMs!: number;

  @ApiPropertyOptional({ example: 'Could not reach the receiver (ECONNREFUSED)' })
  error?: string;
}
