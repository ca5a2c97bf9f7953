import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ALL_EVENT_TYPES, EVENT_DELIVERY_STATUSES } from '../event-types';
import type { EventDeliveryStatus } from '../event-types';

export class WebhookAttemptView {
  @ApiProperty({ type: 'integer', minimum: 1, example: 1 })
  attempt!: number;

  @ApiProperty({ example: 'https://api.example.com/hooks/social' })
  url!: string;

  @ApiProperty({ nullable: true, type: 'integer', example: 503, description: 'null when no answer came' })
  statusCode!: number | null;

  @ApiProperty({ type: 'integer', minimum: 0, example: 84 })
  durationMs!: number;

  @ApiProperty({ nullable: true, type: String, example: 'The receiver answered 503' })
  error!: string | null;

  @ApiProperty({ format: 'date-time' })
  attemptedAt!: string;
}

export class EventDeliveryView {
  @ApiProperty({ example: 'evt_5b0W…', description: 'Also X-Service-Event-Id: receivers de-duplicate on it' })
  id!: string;

  @ApiProperty({
    enum: ALL_EVENT_TYPES,
    enumName: 'WebhookEventType',
    description: 'The event type (the body is the matching WebhookEvent)',
  })
  event!: string;

  @ApiProperty({ nullable: true, type: String })
  tenantId!: string | null;

  @ApiProperty({
    enum: EVENT_DELIVERY_STATUSES,
    enumName: 'EventDeliveryStatus',
    description:
      'pending (attempts continue), delivered (a 2xx), failed (after the last attempt, or 410), skipped (not sent: no endpoint, a disabled one, or one not subscribed to the type when it happened; failureReason says which)',
  })
  status!: EventDeliveryStatus;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ nullable: true, type: String, format: 'date-time' })
  deliveredAt!: string | null;

  @ApiProperty({ nullable: true, type: String, format: 'date-time' })
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

export class TestAttemptView {
  @ApiProperty({ example: 'evt_5b0W…' })
  eventId!: string;

  @ApiProperty()
  delivered!: boolean;

  @ApiProperty({ nullable: true, type: 'integer', example: 200 })
  statusCode!: number | null;

  @ApiProperty({ type: 'integer', minimum: 0, example: 84 })
  durationMs!: number;

  @ApiPropertyOptional({ example: 'Could not reach the receiver (ECONNREFUSED)' })
  error?: string;
}
