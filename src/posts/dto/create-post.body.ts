import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsDefined,
  IsISO8601,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { IsTenantId, TENANT_ID_PATTERN } from '../../common/tenant-id';

/**
 * A property's rules, checked in the order written. Decorators stacked on a property register
 * bottom-up, class-validator checks them in registration order, and the pipe reports only the first
 * rule broken: stacked, a number for `content` was answered with the length rule, not the type.
 */
const Rules = (...rules: PropertyDecorator[]): PropertyDecorator => applyDecorators(...rules);

/**
 * scheduledAt's form: RFC 3339 (a calendar date, a time, a UTC offset). ISO 8601 alone also admits a
 * time without an offset (which Date reads in the server's local time), a date alone, and week or
 * ordinal dates (which Date cannot read at all): each would schedule the post at another moment than meant.
 */
const SCHEDULED_AT_FORM = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * More media than any network takes in one post (X 4, Facebook and Instagram 10), so that those
 * limits answer as a 422 naming the network; the bound only caps the work one request causes
 * (every URL is checked, by DNS when it is a name).
 */
const MAX_MEDIA_PER_CONTAINER = 20;

const ACCOUNT_ID_PATTERN = /^acc_[0-9A-Za-z]{1,40}$/;

const MEDIA_ID_PATTERN = /^med_[0-9A-Za-z]{1,40}$/;

/** One medium of a container: a URL the service fetches, or an uploaded medium's id (POST /api/v1/media). */
export class MediaBody {
  @ApiPropertyOptional({
    example: 'https://cdn.example.com/photo.jpg',
    format: 'uri',
    maxLength: 2048,
    description: 'http(s) URL of the media file; its extension says what it is. Give either url or id.',
  })
  // Neither url nor id, or both: PostReview answers the 400 (a bound of two fields together).
  @Rules(IsOptional(), IsString({ message: '$property must be a string' }), MaxLength(2048))
  url?: string;

  @ApiPropertyOptional({
    example: 'med_3kTMd9fQe2xV7bLp1sWq0Z',
    pattern: MEDIA_ID_PATTERN.source,
    description: 'An uploaded medium (POST /api/v1/media), once ready. Give either url or id.',
  })
  @Rules(
    IsOptional(),
    IsString({ message: '$property must be a string' }),
    Matches(MEDIA_ID_PATTERN, { message: '$property must be a media id (med_…)' }),
  )
  id?: string;
}

export class ContainerBody {
  @ApiPropertyOptional({
    example: 'Fresh bread, every morning.',
    maxLength: 10_000,
    description: 'The text (may be empty when there is media)',
  })
  @Rules(IsOptional(), IsString({ message: '$property must be a string' }), MaxLength(10_000))
  content?: string;

  @ApiPropertyOptional({ type: [MediaBody], maxItems: MAX_MEDIA_PER_CONTAINER })
  @Rules(
    IsOptional(),
    IsArray({ message: '$property must be an array' }),
    ArrayMaxSize(MAX_MEDIA_PER_CONTAINER, { message: `$property can hold at most ${MAX_MEDIA_PER_CONTAINER} items` }),
  )
  @ValidateNested({ each: true })
  @Type(() => MediaBody)
  media?: MediaBody[];
}

export class CreatePostBody {
  @ApiProperty({ example: 'tenant-42', pattern: TENANT_ID_PATTERN.source })
  @IsTenantId()
  tenant_id!: string;

  @ApiProperty({
    type: String,
    isArray: true,
    minItems: 1,
    maxItems: 50,
    uniqueItems: true,
    pattern: ACCOUNT_ID_PATTERN.source,
    example: ['acc_3kTMd9fQe2xV7bLp1sWq0Z'],
    description: 'Connected account ids to publish to',
  })
  @Rules(
    IsDefined({ message: '$property is required' }),
    IsArray({ message: '$property must be an array of account ids' }),
    ArrayMinSize(1, { message: '$property must name at least one account' }),
    ArrayMaxSize(50),
    IsString({ each: true, message: '$property must contain account ids' }),
    Matches(ACCOUNT_ID_PATTERN, { each: true, message: '$property must contain account ids (acc_…)' }),
    ArrayUnique({ message: '$property must not repeat an account' }),
  )
  accounts!: string[];

  @ApiProperty({
    type: [ContainerBody],
    minItems: 1,
    maxItems: 25,
    description: 'containers[0] is the post; further containers are its thread',
  })
  @Rules(
    IsDefined({ message: '$property is required' }),
    IsArray({ message: '$property must be an array' }),
    ArrayMinSize(1, { message: '$property must hold at least the post itself' }),
    ArrayMaxSize(25),
  )
  @ValidateNested({ each: true })
  @Type(() => ContainerBody)
  containers!: ContainerBody[];

  @ApiPropertyOptional({
    format: 'date-time',
    example: '2026-12-01T09:00:00.000Z',
    description:
      'Publish later: an ISO 8601 / RFC 3339 date-time with a UTC offset (Z or ±hh:mm), in the future, within a year',
  })
  @Rules(
    IsOptional(),
    IsISO8601({ strict: true }, { message: '$property must be an ISO 8601 date-time' }),
    Matches(SCHEDULED_AT_FORM, {
      message:
        '$property must be a calendar date, a time and a UTC offset, as in 2026-12-01T09:00:00Z or 2026-12-01T10:00:00+01:00',
    }),
  )
  scheduledAt?: string;
}
