import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, ArrayUnique, IsArray, IsDefined, IsIn, IsOptional, IsString, Length, MaxLength } from 'class-validator';
import { EventType, SUBSCRIBABLE_EVENT_TYPES } from '../event-types';

export class PutWebhookBody {
  @ApiProperty({ example: 'https://api.example.com/hooks/social', description: 'https (http or a private address only where the service allows it, for local use)' })
  @IsDefined({ message: 'url is required' })
  @IsString({ message: 'url must be a string' })
  @MaxLength(2048)
  url!: string;

  @ApiProperty({ example: 'whsec-at-least-16-characters', minLength: 16, maxLength: 256, writeOnly: true })
  @IsDefined({ message: 'webhook_secret is required' })
  @IsString({ message: 'webhook_secret must be a string' })
  @Length(16, 256, { message: 'webhook_secret must be 16-256 characters' })
  webhook_secret!: string;

  @ApiPropertyOptional({
    type: [String],
    enum: SUBSCRIBABLE_EVENT_TYPES,
    example: ['post.published', 'post.failed', 'post.completed'],
    description:
      'The event types to send (default, or when left out: all of them). Others are recorded as `skipped` and never sent. ' +
      'An empty list is refused: to receive nothing, DELETE the webhook.',
  })
  @IsOptional()
  @IsArray({ message: 'events must be an array of event types' })
  @ArrayNotEmpty({ message: 'events must name at least one event type (DELETE the webhook to receive none)' })
  @ArrayMaxSize(SUBSCRIBABLE_EVENT_TYPES.length * 2)
  @ArrayUnique({ message: 'events must not repeat a type' })
  @IsIn(SUBSCRIBABLE_EVENT_TYPES, { each: true, message: `each of events must be one of ${SUBSCRIBABLE_EVENT_TYPES.join(', ')}` })
  events?: EventType[];
}
