import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { EventType, SUBSCRIBABLE_EVENT_TYPES } from '../event-types';
import { WebhookEndpoint } from '../webhook-endpoint.entity';

export class WebhookView {
  @ApiProperty({ example: 'https://api.example.com/hooks/social' })
  url!: string;

  @ApiProperty({
    example: 'c0de',
    description: 'The last 4 characters of the secret; the secret itself is never shown again',
  })
  secretLast4!: string;

  @ApiProperty({
    example: true,
    description: 'false once the receiver answered 410 Gone (see disabledAt): nothing is sent until a PUT enables it',
  })
  enabled!: boolean;

  @ApiProperty({ format: 'date-time', description: 'When the endpoint was first set' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time', description: 'When it was last set (PUT)' })
  updatedAt!: string;

  @ApiProperty({
    nullable: true,
    type: String,
    format: 'date-time',
    description: 'Set when the receiver answered 410 Gone; PUT again to enable',
  })
  disabledAt!: string | null;

  @ApiProperty({ nullable: true, type: String })
  disabledReason!: string | null;

  @ApiProperty({
    type: String,
    isArray: true,
    enum: SUBSCRIBABLE_EVENT_TYPES,
    enumName: 'SubscribableEventType',
    description: 'The event types sent; every type when none was chosen',
  })
  events!: EventType[];

  @ApiProperty({
    nullable: true,
    type: String,
    format: 'date-time',
    description:
      'After a rotation: when the old secret stops signing (until then webhook-signature carries both). null when no overlap is under way.',
  })
  previousSecretExpiresAt!: string | null;

  /** The endpoint as shown at `now` (the caller's clock): an overlap that ended by then is not shown. */
  static from(endpoint: WebhookEndpoint, now: Date): WebhookView {
    const overlapEnd = endpoint.previousSecretExpiresAt;
    return {
      url: endpoint.url,
      secretLast4: endpoint.secretLast4,
      enabled: endpoint.disabledAt === null,
      createdAt: endpoint.createdAt.toISOString(),
      updatedAt: endpoint.updatedAt.toISOString(),
      disabledAt: endpoint.disabledAt?.toISOString() ?? null,
      disabledReason: endpoint.disabledReason,
      previousSecretExpiresAt: overlapEnd && overlapEnd > now ? overlapEnd.toISOString() : null,
      events: endpoint.events ?? [...SUBSCRIBABLE_EVENT_TYPES],
    };
  }
}

/** The answer that shows a secret the service made: this once, never again. */
export class WebhookWithSecretView extends WebhookView {
  @ApiPropertyOptional({
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw2s3Fq0sZ9nE=',
    description:
      'Only when the service made the secret (a PUT without webhook_secret, a rotation). Store it now: it is never shown again.',
  })
  webhookSecret?: string;

  static withSecret(
    written: { endpoint: WebhookEndpoint; generatedSecret?: string },
    now: Date,
  ): WebhookWithSecretView {
    const view: WebhookWithSecretView = WebhookView.from(written.endpoint, now);
    if (written.generatedSecret !== undefined) view.webhookSecret = written.generatedSecret;
    return view;
  }
}

export class DeletedWebhookView {
  @ApiProperty({ example: 'https://api.example.com/hooks/social' })
  url!: string;

  @ApiProperty({ example: true })
  deleted!: true;
}
