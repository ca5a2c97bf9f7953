import { ApiProperty } from '@nestjs/swagger';
import { EventType, SUBSCRIBABLE_EVENT_TYPES } from '../event-types';
import { WebhookEndpoint } from '../webhook-endpoint.entity';

export class WebhookView {
  @ApiProperty({ example: 'https://api.example.com/hooks/social' })
  url!: string;

  @ApiProperty({ example: 'c0de', description: 'The last 4 characters of the secret; the secret itself is never shown again' })
  secretLast4!: string;

  @ApiProperty()
  updatedAt!: string;

  @ApiProperty({ nullable: true, type: String, description: 'Set when the receiver answered 410 Gone; PUT again to enable' })
  disabledAt!: string | null;

  @ApiProperty({ nullable: true, type: String })
  disabledReason!: string | null;

  @ApiProperty({ type: [String], enum: SUBSCRIBABLE_EVENT_TYPES, description: 'The event types sent; every type when none was chosen' })
  events!: EventType[];

  static from(endpoint: WebhookEndpoint): WebhookView {
    return {
      url: endpoint.url,
      secretLast4: endpoint.secretLast4,
      updatedAt: endpoint.updatedAt.toISOString(),
      disabledAt: endpoint.disabledAt?.toISOString() ?? null,
      disabledReason: endpoint.disabledReason,
      events: endpoint.events ?? [...SUBSCRIBABLE_EVENT_TYPES],
    };
  }
}

export class DeletedWebhookView {
  @ApiProperty({ example: 'https://api.example.com/hooks/social' })
  url!: string;

  @ApiProperty({ example: true })
  deleted!: true;
}
