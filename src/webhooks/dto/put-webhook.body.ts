import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  ArrayUnique,
  IsArray,
  IsDefined,
  IsIn,
  IsOptional,
  IsString,
  Length,
  MaxLength,
} from 'class-validator';
import { EventType, SUBSCRIBABLE_EVENT_TYPES } from '../event-types';
import { WEBHOOK_SECRET_LENGTH } from '../webhook-secret-policy';

const SECRET_LENGTH_MESSAGE = `webhook_secret must be ${WEBHOOK_SECRET_LENGTH.min}-${WEBHOOK_SECRET_LENGTH.max} characters`;

export class PutWebhookBody {
  @ApiProperty({
    example: 'https://api.example.com/hooks/social',
    format: 'uri',
    maxLength: 2048,
    description: 'https (http or a private address only where the service allows it, for local use)',
  })
  @IsDefined({ message: 'url is required' })
  @IsString({ message: 'url must be a string' })
  @MaxLength(2048)
  url!: string;

  @ApiPropertyOptional({
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    minLength: WEBHOOK_SECRET_LENGTH.min,
    maxLength: WEBHOOK_SECRET_LENGTH.max,
    writeOnly: true,
    description:
      'Your signing secret. Leave it out and the service makes one (`whsec_` + base64 of 32 random bytes), shown once in the answer as `webhookSecret`. ' +
      'Secrets set before the 24-character minimum keep working.',
  })
  @IsOptional()
  @IsString({ message: 'webhook_secret must be a string' })
  @Length(WEBHOOK_SECRET_LENGTH.min, WEBHOOK_SECRET_LENGTH.max, { message: SECRET_LENGTH_MESSAGE })
  webhook_secret?: string;
  @ApiPropertyOptional({
    type: String,
    isArray: true,
    enum: SUBSCRIBABLE_EVENT_TYPES,
    enumName: 'SubscribableEventType',
    minItems: 1,
    maxItems: SUBSCRIBABLE_EVENT_TYPES.length * 2,
    uniqueItems: true,
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
  @IsIn(SUBSCRIBABLE_EVENT_TYPES, {
    each: true,
    message: `each of events must be one of ${SUBSCRIBABLE_EVENT_TYPES.join(', ')}`,
  })
  events?: EventType[];
}
